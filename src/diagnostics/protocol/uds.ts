import { ENGINE_VALUES, IDENTIFICATION, type EngineValue } from '../../shared/diagnostics/values';
import { hex, ProtocolError } from './frame';

/** DIDs per ReadDataByIdentifier request: 5 make an 11-byte request, a 19-byte frame, one 20-byte write. */
export const DIDS_PER_REQUEST = 5;

/** `22 <DID hi> <DID lo> ...` */
export function readDataRequest(dids: readonly number[]): Uint8Array {
  if (dids.length === 0 || dids.length > DIDS_PER_REQUEST)
    throw new RangeError(`A request reads 1 to ${DIDS_PER_REQUEST} DIDs`);
  return Uint8Array.from([0x22, ...dids.flatMap((did) => [did >> 8, did & 0xff])]);
}

/** The engine values in requests of 5 (4 requests for the 19 values: one logging frame). */
export function valueRequests(values: readonly EngineValue[] = ENGINE_VALUES): EngineValue[][] {
  const groups: EngineValue[][] = [];
  for (let i = 0; i < values.length; i += DIDS_PER_REQUEST) groups.push(values.slice(i, i + DIDS_PER_REQUEST));
  return groups;
}

/** A negative response `7F <service> <code>` as the error the spec names, with the code in the detail. */
function checkPositive(response: Uint8Array, service: number): void {
  if (response.length === 0) throw new ProtocolError('Invalid response: empty');
  if (response[0] === 0x7f)
    throw new ProtocolError(
      `Invalid response: negative response 0x${hex(response[2] ?? 0)} to service 0x${hex(response[1] ?? 0)}`,
    );
  if (response[0] !== service + 0x40)
    throw new ProtocolError(`Invalid response: service 0x${hex(response[0])}, expected 0x${hex(service + 0x40)}`);
}

/** Decodes `62 <DID> <data> ...` for the values asked for, in their order; anything else is 'Invalid response'. */
export function decodeValues(response: Uint8Array, values: readonly EngineValue[]): Record<string, number> {
  checkPositive(response, 0x22);
  const out: Record<string, number> = {};
  let offset = 1;
  for (const value of values) {
    const did = (response[offset] << 8) | response[offset + 1];
    if (offset + 2 > response.length || did !== value.did)
      throw new ProtocolError(
        `Invalid response: DID 0x${did.toString(16).toUpperCase()} where 0x${value.did.toString(16).toUpperCase()} was expected`,
      );
    offset += 2;
    if (offset + value.bytes > response.length) throw new ProtocolError('Invalid response: too short');
    let raw = value.bytes === 1 ? response[offset] : (response[offset] << 8) | response[offset + 1];
    if (value.signed && raw >= 1 << (value.bytes * 8 - 1)) raw -= 1 << (value.bytes * 8);
    out[value.key] = value.scale(raw);
    offset += value.bytes;
  }
  if (offset !== response.length) throw new ProtocolError('Invalid response: wrong length');
  return out;
}

/** An identification answer `62 <DID> <ASCII>`: trailing spaces and zero bytes trimmed. */
export function decodeIdentification(response: Uint8Array, did: number): string {
  checkPositive(response, 0x22);
  if (((response[1] << 8) | response[2]) !== did) throw new ProtocolError('Invalid response: wrong DID');
  return String.fromCharCode(...response.subarray(3)).replace(/[\s\0]+$/, '');
}
export { IDENTIFICATION };

export interface FaultCode {
  /** e.g. P0301 */
  code: string;
  status: number;
}

/** `59 02 <mask>` then 4 bytes per fault (3-byte code, status). */
export function decodeFaultCodes(response: Uint8Array): FaultCode[] {
  checkPositive(response, 0x19);
  if (response[1] !== 0x02 || (response.length - 3) % 4 !== 0)
    throw new ProtocolError('Invalid response: wrong length');
  const faults: FaultCode[] = [];
  for (let offset = 3; offset < response.length; offset += 4) {
    const high = response[offset];
    const letter = 'PCBU'[high >> 6];
    const code =
      `${letter}${((high >> 4) & 0x3).toString(16)}${(high & 0xf).toString(16)}${hex(response[offset + 1])}`.toUpperCase();
    faults.push({ code, status: response[offset + 3] });
  }
  return faults;
}
