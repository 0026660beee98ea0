import { describe, expect, it } from 'vitest';
import { describeResponse, parseRequest } from './rawInput';

describe('raw console input', () => {
  it('reads hex with or without spaces, and base64 whose length is a multiple of 4', () => {
    expect([...parseRequest('22 F4 0C', 'hex')]).toEqual([0x22, 0xf4, 0x0c]);
    expect([...parseRequest('22f40c', 'hex')]).toEqual([0x22, 0xf4, 0x0c]);
    expect([...parseRequest('IvQM', 'base64')]).toEqual([0x22, 0xf4, 0x0c]);
    expect(() => parseRequest('IvQ', 'base64')).toThrow('multiple of 4');
    expect(() => parseRequest('22 F', 'hex')).toThrow('pairs of hex digits');
  });

  it('explains answers: values, identification text, negative responses', () => {
    expect(describeResponse(Uint8Array.of(0x22, 0xf4, 0x0c), Uint8Array.of(0x62, 0xf4, 0x0c, 0x0c, 0x80)).meaning).toBe(
      'Engine speed: 800 rpm',
    );
    // Several values, each at the gauges' decimals (the decoded numbers are 96.79933665008292 kPa, 1.001953125 λ).
    const request = Uint8Array.of(0x22, 0x13, 0xca, 0x20, 0x2f, 0x10, 0xc0, 0xf4, 0x0c);
    const answer = Uint8Array.of(
      0x62,
      0x13,
      0xca,
      0x2d,
      0x9a,
      0x20,
      0x2f,
      0x0e,
      0x6d,
      0x10,
      0xc0,
      0x04,
      0x02,
      0xf4,
      0x0c,
      0x24,
      0x3b,
    );
    expect(describeResponse(request, answer).meaning).toBe(
      'Ambient pressure: 96,80 kPa · Oil temperature: 96,2 °C · Lambda actual: 1,00 λ · Engine speed: 2.319 rpm',
    );
    const vin = Uint8Array.of(0x62, 0xf1, 0x90, ...Array.from('WVWZZZAUZKW123456', (c) => c.charCodeAt(0)));
    expect(describeResponse(Uint8Array.of(0x22, 0xf1, 0x90), vin).meaning).toBe('VIN: WVWZZZAUZKW123456');
    const refused = describeResponse(Uint8Array.of(0x22, 0x12, 0x34), Uint8Array.of(0x7f, 0x22, 0x31));
    expect(refused).toEqual({
      hex: '7F 22 31',
      base64: 'fyIx',
      meaning: 'Negative response 0x31 (request out of range) to service 0x22',
    });
  });
});
