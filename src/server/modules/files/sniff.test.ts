import { describe, expect, it } from 'vitest';
import { checkItemName, contentDisposition } from './names';
import { parseRange } from './operations';
import { checkType, sniffType } from './sniff';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

describe('type check', () => {
  it('confirms strict types by their magic bytes', () => {
    expect(checkType('image/png', PNG)).toEqual({ ok: true, mimeType: 'image/png' });
    expect(checkType('image/png', Buffer.from('<html>'))).toMatchObject({ ok: false });
    expect(checkType('image/jpeg', PNG)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/looks like image\/png/),
    });
    expect(checkType('application/pdf', Buffer.from('%PDF-1.7'))).toEqual({ ok: true, mimeType: 'application/pdf' });
    expect(checkType('image/x-unknown', Buffer.from('text'))).toMatchObject({ ok: false });
  });

  it('stores active content as what it is, whatever was declared', () => {
    expect(checkType('text/plain', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      ok: true,
      mimeType: 'image/svg+xml',
    });
    expect(checkType('application/octet-stream', Buffer.from('<!doctype html><p>'))).toEqual({
      ok: true,
      mimeType: 'text/html',
    });
    expect(checkType('', PNG)).toEqual({ ok: true, mimeType: 'image/png' });
    expect(checkType('text/plain\r\nX-Evil: 1', Buffer.from('hi'))).toEqual({ ok: true, mimeType: 'text/plain' });
    expect(sniffType(Buffer.from([0, 1, 2, 3]))).toBeUndefined();
  });
});

describe('names', () => {
  it('refuses paths, dots and control characters', () => {
    for (const bad of ['..', '.', 'a/b', 'a\\b', 'a\u0000', 'C:x', '', '   ', 'x'.repeat(256)])
      expect(() => checkItemName(bad), JSON.stringify(bad)).toThrow();
    expect(checkItemName('Bericht 2024 (final).pdf')).toBe('Bericht 2024 (final).pdf');
    expect(contentDisposition('attachment', 'Grüße "x".txt')).toBe(
      `attachment; filename="Gr__e _x_.txt"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22x%22.txt`,
    );
  });

  it('parses single byte ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('items=1-2', 100)).toBeUndefined();
    expect(() => parseRange('bytes=200-300', 100)).toThrow(/not satisfiable/);
  });
});
