import { ENGINE_VALUES, IDENTIFICATION } from '../../shared/diagnostics/values';
import { fromBase64, hex, ProtocolError, toBase64 } from '../protocol/frame';
import { decodeValues } from '../protocol/uds';
import { formatValue, GAUGES } from './gauges';

export type RawFormat = 'hex' | 'base64';

/** A request typed in the raw console: hex bytes (`22 F4 0C`, spaces optional) or base64. */
export function parseRequest(text: string, format: RawFormat): Uint8Array {
  if (format === 'base64') return fromBase64(text);
  const digits = text.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})+$/.test(digits))
    throw new ProtocolError('Hex input needs pairs of hex digits, e.g. 22 F4 0C');
  return Uint8Array.from(digits.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** UDS negative response codes (ISO 14229-1) the tool names. */
const NEGATIVE: Record<number, string> = {
  0x10: 'general reject',
  0x11: 'service not supported',
  0x12: 'sub-function not supported',
  0x13: 'incorrect message length or format',
  0x22: 'conditions not correct',
  0x31: 'request out of range',
  0x33: 'security access denied',
  0x78: 'response pending',
  0x7f: 'service not supported in active session',
};

const VALUE_BY_DID = new Map(ENGINE_VALUES.map((value) => [value.did, value]));
const GAUGE_BY_KEY = new Map(GAUGES.map((gauge) => [gauge.key, gauge]));
const TEXT_BY_DID = new Map<number, string>(IDENTIFICATION.map((entry) => [entry.did, entry.name]));

/** The answer as the console shows it: hex, base64 and, where the tool knows it, what it means. */
export function describeResponse(request: Uint8Array, response: Uint8Array) {
  return { hex: [...response].map(hex).join(' '), base64: toBase64(response), meaning: meaning(request, response) };
}

function meaning(request: Uint8Array, response: Uint8Array): string {
  if (response[0] === 0x7f) {
    const code = response[2] ?? 0;
    return `Negative response 0x${hex(code)} (${NEGATIVE[code] ?? 'unknown'}) to service 0x${hex(response[1] ?? 0)}`;
  }
  if (response[0] === 0x62 && request[0] === 0x22) {
    const dids = [];
    for (let offset = 1; offset + 1 < request.length; offset += 2)
      dids.push((request[offset] << 8) | request[offset + 1]);
    const values = dids.map((did) => VALUE_BY_DID.get(did));
    if (values.every((value) => value !== undefined)) {
      try {
        const decoded = decodeValues(response, values);
        // As the gauges show them (96.80 kPa, not the decoded 96.79933665008292).
        return values
          .map(
            (value) => `${value.name}: ${formatValue(GAUGE_BY_KEY.get(value.key)!, decoded[value.key])} ${value.unit}`,
          )
          .join(' · ');
      } catch (error) {
        return (error as Error).message;
      }
    }
    const text = dids.length === 1 ? TEXT_BY_DID.get(dids[0]) : undefined;
    if (text) return `${text}: ${String.fromCharCode(...response.subarray(3)).replace(/[\s\0]+$/, '')}`;
  }
  return `Positive response to service 0x${hex(response[0] - 0x40)}`;
}
