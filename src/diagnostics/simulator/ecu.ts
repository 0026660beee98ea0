import { ENGINE_VALUES } from '../../shared/diagnostics/values';
import { engineValues, rawValue } from './engine';

/** What answers behind the simulated bridge. */
export type SimulatedEcuKind = 'simos18' | 'other' | 'none';

export interface SimulatedFault {
  /** e.g. P0301 */
  code: string;
  status: number;
}

const IDENTIFICATION: Record<SimulatedEcuKind, Record<number, string>> = {
  simos18: {
    0xf190: 'WVWZZZAUZKW123456',
    0xf187: '8V0906259H ',
    0xf189: '0004',
    0xf191: 'H13 ',
    0xf19e: 'EV_ECM20TFS0208V0906259H\0',
    0xf1ad: 'DNUE',
  },
  other: {
    0xf190: 'WAUZZZ8K9BA012345',
    0xf187: '03L906018JL',
    0xf189: '9971',
    0xf191: 'H04',
    0xf19e: 'EV_ECM20TDI01103L906018JL',
    0xf1ad: 'CGLC',
  },
  none: {},
};

const VALUE_BY_DID = new Map(ENGINE_VALUES.map((value) => [value.did, value]));
const negative = (service: number, code: number) => Uint8Array.of(0x7f, service, code);

/**
 * The engine control unit's side of UDS as the tool uses it: ReadDataByIdentifier for the engine
 * values and the identification, the extended session, reading and clearing fault codes.
 */
export class SimulatedEcu {
  faults: SimulatedFault[] = [
    { code: 'P0301', status: 0x2f },
    { code: 'P2187', status: 0x28 },
  ];
  /** Values forced by a test or the demo (e.g. an overheating engine), over the drive cycle's. */
  overrides: Record<string, number> = {};
  /** Ignition off: the bridge has power from the OBD port, but the control unit answers nothing. */
  ignition = true;

  constructor(
    readonly kind: SimulatedEcuKind = 'simos18',
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The response to a request, or nothing when no ECU answers (the bridge then stays silent). */
  handle(request: Uint8Array): Uint8Array | undefined {
    if (this.kind === 'none' || !this.ignition) return undefined;
    const service = request[0];
    switch (service) {
      case 0x22:
        return this.readData(request);
      case 0x10:
        return Uint8Array.of(0x50, request[1], 0x00, 0x32, 0x01, 0xf4);
      case 0x19:
        if (request[1] !== 0x02) return negative(service, 0x12);
        return Uint8Array.of(0x59, 0x02, 0xff, ...this.faults.flatMap(encodeFault));
      case 0x14:
        this.faults = [];
        return Uint8Array.of(0x54);
      case 0x3e:
        return Uint8Array.of(0x7e, 0x00);
      default:
        return negative(service, 0x11);
    }
  }

  values(): Record<string, number> {
    return { ...engineValues(this.clock()), ...this.overrides };
  }

  private readData(request: Uint8Array): Uint8Array {
    if (request.length < 3 || request.length % 2 === 0) return negative(0x22, 0x13);
    const values = this.values();
    const out = [0x62];
    for (let offset = 1; offset < request.length; offset += 2) {
      const did = (request[offset] << 8) | request[offset + 1];
      out.push(request[offset], request[offset + 1]);
      const value = VALUE_BY_DID.get(did);
      const text = IDENTIFICATION[this.kind][did];
      if (value && this.kind === 'simos18') {
        const raw = rawValue(value.key, values[value.key]);
        out.push(...(value.bytes === 1 ? [raw] : [raw >> 8, raw & 0xff]));
      } else if (text !== undefined) out.push(...Array.from(text, (char) => char.charCodeAt(0)));
      else return negative(0x22, 0x31);
    }
    return Uint8Array.from(out);
  }
}

/** `P0301` as its three bytes (two bits of letter, two digits of nibbles, the failure type 0). */
function encodeFault({ code, status }: SimulatedFault): number[] {
  const letter = 'PCBU'.indexOf(code[0]);
  const digits = code.slice(1);
  const high = (letter << 6) | (parseInt(digits[0], 16) << 4) | parseInt(digits[1], 16);
  return [high, parseInt(digits.slice(2), 16), 0x00, status];
}
