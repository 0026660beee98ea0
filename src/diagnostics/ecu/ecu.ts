import { ENGINE_VALUES, IDENTIFICATION, withCalculated, type EngineValue } from '../../shared/diagnostics/values';
import type { BridgeTransport } from '../bluetooth/transport';
import { ProtocolError } from '../protocol/frame';
import {
  decodeFaultCodes,
  decodeIdentification,
  decodeValues,
  readDataRequest,
  valueRequests,
  type FaultCode,
} from '../protocol/uds';

export type IdentificationKey = (typeof IDENTIFICATION)[number]['key'];
export type Identification = Record<IdentificationKey, string>;

/**
 * A Simos 18 names its ODX data `EV_ECM18TFS...` or `EV_ECM20TFS...` (the TFSI engines' Simos 18.1,
 * 18.10 and 18.41); any other answer is another control unit the tool's value table does not fit.
 */
export const isSimos18 = (identification: Identification) => /^EV_ECM(18|20)TFS/.test(identification.odx);

/** The groups of one logging frame: 19 values in 4 requests of at most 5 DIDs. */
export const VALUE_GROUPS = valueRequests(ENGINE_VALUES);

/** The UDS conversations of the tool with the engine ECU, over one bridge connection. */
export class EcuClient {
  constructor(readonly transport: BridgeTransport) {}

  /** Each identification DID in its own request (the answers are ASCII of varying length). */
  async identify(): Promise<Identification> {
    const out = {} as Identification;
    for (const { key, did } of IDENTIFICATION) {
      const response = await this.transport.request(readDataRequest([did]));
      out[key] = decodeIdentification(response, did);
    }
    return out;
  }

  async readGroup(group: readonly EngineValue[]): Promise<Record<string, number>> {
    const response = await this.transport.request(readDataRequest(group.map((value) => value.did)));
    return decodeValues(response, group);
  }

  /** All 19 values (4 requests sent at once, answered in turn) and the calculated ones. */
  async readValues(): Promise<Record<string, number>> {
    const groups = await Promise.all(VALUE_GROUPS.map((group) => this.readGroup(group)));
    return completeFrame(Object.assign({}, ...groups));
  }

  /** Extended session, then the DTCs by status mask 0xAB. */
  async readFaults(): Promise<FaultCode[]> {
    expectPositive(await this.transport.request(Uint8Array.of(0x10, 0x03)), 0x10);
    return decodeFaultCodes(await this.transport.request(Uint8Array.of(0x19, 0x02, 0xab)));
  }

  /** ClearDiagnosticInformation for all groups (the UI asks for confirmation first). */
  async clearFaults(): Promise<void> {
    expectPositive(await this.transport.request(Uint8Array.of(0x10, 0x03)), 0x10);
    expectPositive(await this.transport.request(Uint8Array.of(0x14, 0xff, 0xff, 0xff)), 0x14);
  }

  /** The raw console: any UDS request, the response as it came. */
  raw(request: Uint8Array): Promise<Uint8Array> {
    if (request.length === 0) throw new ProtocolError('The request is empty');
    return this.transport.request(request);
  }
}

/** Adds the calculated values a frame has the inputs for (a partial frame gets only those it can). */
export function completeFrame(values: Record<string, number>): Record<string, number> {
  const full = withCalculated(values);
  for (const [key, value] of Object.entries(full)) if (!Number.isFinite(value)) delete full[key];
  return full;
}

function expectPositive(response: Uint8Array, service: number): void {
  if (response[0] === service + 0x40) return;
  const code = response[0] === 0x7f ? ` 0x${(response[2] ?? 0).toString(16).toUpperCase()}` : '';
  throw new ProtocolError(`Invalid response: negative response${code} to service 0x${service.toString(16)}`);
}
