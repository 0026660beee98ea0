/**
 * The engine values of the diagnostics tool (../shared/spec/diagnostics-bridge.md, Simos 18, mode 22):
 * how each is read (DID, length, sign), scaled, shown (unit, range) and when it warns. Shared by the
 * tool (decoding, gauges) and the back office (log charts).
 */
export interface EngineValue {
  key: string;
  name: string;
  did: number;
  bytes: 1 | 2;
  signed: boolean;
  /** The value from the raw big-endian integer. */
  scale: (raw: number) => number;
  unit: string;
  min: number;
  max: number;
  /** True when the value (with the frame's other values) is worth a warning. */
  warn?: (value: number, frame: Readonly<Record<string, number>>) => boolean;
}

export const ENGINE_VALUES: readonly EngineValue[] = [
  {
    key: 'engineSpeed',
    name: 'Engine speed',
    did: 0xf40c,
    bytes: 2,
    signed: false,
    scale: (x) => x / 4,
    unit: 'rpm',
    min: 0,
    max: 7000,
    warn: (v) => v > 6500,
  },
  {
    key: 'vehicleSpeed',
    name: 'Vehicle speed',
    did: 0x2033,
    bytes: 2,
    signed: false,
    scale: (x) => x / 100,
    unit: 'km/h',
    min: 0,
    max: 300,
  },
  {
    key: 'airflow',
    name: 'Airflow',
    did: 0x2032,
    bytes: 2,
    signed: false,
    scale: (x) => x,
    unit: 'kg/h',
    min: 0,
    max: 1200,
  },
  {
    key: 'map',
    name: 'Boost pressure actual',
    did: 0x39c0,
    bytes: 2,
    signed: false,
    scale: (x) => x / 10,
    unit: 'kPa',
    min: 0,
    max: 300,
    warn: (v) => v > 260,
  },
  {
    key: 'mapSetpoint',
    name: 'Boost pressure setpoint',
    did: 0x39c1,
    bytes: 2,
    signed: false,
    scale: (x) => x / 10,
    unit: 'kPa',
    min: 0,
    max: 300,
  },
  {
    key: 'put',
    name: 'Pressure upstream throttle',
    did: 0x202a,
    bytes: 2,
    signed: false,
    scale: (x) => x / 10,
    unit: 'kPa',
    min: 0,
    max: 300,
  },
  {
    key: 'ambientPressure',
    name: 'Ambient pressure',
    did: 0x13ca,
    bytes: 2,
    signed: false,
    scale: (x) => x / 120.6,
    unit: 'kPa',
    min: 50,
    max: 110,
  },
  {
    key: 'intakeAirTemp',
    name: 'Intake air temperature',
    did: 0x1001,
    bytes: 1,
    signed: false,
    scale: (x) => x * 0.75 - 48,
    unit: '°C',
    min: -40,
    max: 100,
    warn: (v) => v > 60,
  },
  {
    key: 'coolantTemp',
    name: 'Coolant temperature',
    did: 0x11cd,
    bytes: 1,
    signed: false,
    scale: (x) => x - 40,
    unit: '°C',
    min: -40,
    max: 130,
    warn: (v) => v > 110,
  },
  {
    key: 'oilTemp',
    name: 'Oil temperature',
    did: 0x202f,
    bytes: 2,
    signed: false,
    scale: (x) => (x - 2731.4) / 10,
    unit: '°C',
    min: -40,
    max: 160,
    warn: (v) => v > 130,
  },
  {
    key: 'torque',
    name: 'Torque actual',
    did: 0x437c,
    bytes: 2,
    signed: true,
    scale: (x) => x / 10,
    unit: 'Nm',
    min: -100,
    max: 600,
  },
  {
    key: 'torqueRequest',
    name: 'Torque requested',
    did: 0x4380,
    bytes: 2,
    signed: true,
    scale: (x) => x / 10,
    unit: 'Nm',
    min: -100,
    max: 600,
  },
  {
    key: 'lambda',
    name: 'Lambda actual',
    did: 0x10c0,
    bytes: 2,
    signed: false,
    scale: (x) => x / 1024,
    unit: 'λ',
    min: 0.6,
    max: 1.4,
    // Lean under boost: more air pressure than outside.
    warn: (v, frame) => v > 1.1 && (frame.map ?? 0) > (frame.ambientPressure ?? Infinity),
  },
  {
    key: 'lambdaSetpoint',
    name: 'Lambda setpoint',
    did: 0xf444,
    bytes: 2,
    signed: false,
    scale: (x) => x / 32768,
    unit: 'λ',
    min: 0.6,
    max: 1.4,
  },
  {
    key: 'knockCyl1',
    name: 'Knock retard cylinder 1',
    did: 0x200a,
    bytes: 2,
    signed: true,
    scale: (x) => x / 100,
    unit: '°',
    min: -15,
    max: 0,
    warn: (v) => v < -4,
  },
  {
    key: 'knockCyl2',
    name: 'Knock retard cylinder 2',
    did: 0x200b,
    bytes: 2,
    signed: true,
    scale: (x) => x / 100,
    unit: '°',
    min: -15,
    max: 0,
    warn: (v) => v < -4,
  },
  {
    key: 'knockCyl3',
    name: 'Knock retard cylinder 3',
    did: 0x200c,
    bytes: 2,
    signed: true,
    scale: (x) => x / 100,
    unit: '°',
    min: -15,
    max: 0,
    warn: (v) => v < -4,
  },
  {
    key: 'knockCyl4',
    name: 'Knock retard cylinder 4',
    did: 0x200d,
    bytes: 2,
    signed: true,
    scale: (x) => x / 100,
    unit: '°',
    min: -15,
    max: 0,
    warn: (v) => v < -4,
  },
  {
    key: 'misfires',
    name: 'Misfires',
    did: 0x2904,
    bytes: 2,
    signed: false,
    scale: (x) => x,
    unit: 'count',
    min: 0,
    max: 100,
    warn: (v) => v > 0,
  },
];

export interface CalculatedValue {
  key: string;
  name: string;
  unit: string;
  /** Decimals of its resolution, as resolutionDecimals of an engine value (the inputs' steps through the formula). */
  decimals: number;
  compute: (frame: Readonly<Record<string, number>>) => number;
}

export const CALCULATED_VALUES: readonly CalculatedValue[] = [
  {
    key: 'airmass',
    name: 'Air mass per stroke',
    unit: 'mg/stroke',
    decimals: 1,
    compute: (f) => (f.engineSpeed > 0 ? (f.airflow / f.engineSpeed) * 8333.33 : 0),
  },
  // Ambient pressure (x / 120.6) has three decimals, so the difference has them too.
  { key: 'boost', name: 'Boost', unit: 'kPa', decimals: 3, compute: (f) => f.map - f.ambientPressure },
  { key: 'airDelta', name: 'Boost deviation', unit: 'kPa', decimals: 1, compute: (f) => f.mapSetpoint - f.map },
  {
    key: 'horsepower',
    name: 'Calculated power',
    unit: 'hp',
    decimals: 1,
    compute: (f) => (f.torque * f.engineSpeed) / 7127,
  },
  {
    key: 'knockAverage',
    name: 'Knock average',
    unit: '°',
    // The mean of four values in steps of 0.01 moves in steps of 0.0025.
    decimals: 3,
    compute: (f) => (f.knockCyl1 + f.knockCyl2 + f.knockCyl3 + f.knockCyl4) / 4,
  },
];

/** Decimals that show a step of `step` (0.25 and 0.1: one; 0.01: two; 1 / 120.6: three), at most six. */
export const decimalsForStep = (step: number) =>
  Math.min(6, Math.max(0, Math.ceil(-Math.log10(Math.abs(step)) - 1e-9)));

/** Decimals of an engine value's resolution, the step of one raw count (x / 10 kPa: one; x / 1024 λ: four). */
export const resolutionDecimals = (value: EngineValue) => decimalsForStep(value.scale(1) - value.scale(0));

/**
 * Decimals an engine value is shown with wherever it is read (the tool's gauges and raw console, the
 * log chart's values): its resolution, but at most two (λ 0.99) and none for rpm: read at a glance.
 */
export const displayDecimals = (value: EngineValue) =>
  Math.min(resolutionDecimals(value), value.unit === 'rpm' ? 0 : 2);

/** Decimals a calculated value is shown with (its resolution reaches three: too fine to read). */
export const CALCULATED_DISPLAY_DECIMALS = 1;

/** Shown decimals of every engine and calculated value, by key. */
export const DISPLAY_DECIMALS: ReadonlyMap<string, number> = new Map([
  ...ENGINE_VALUES.map((value) => [value.key, displayDecimals(value)] as const),
  ...CALCULATED_VALUES.map((value) => [value.key, CALCULATED_DISPLAY_DECIMALS] as const),
]);

const DECIMALS_BY_KEY = new Map<string, number>([
  ...ENGINE_VALUES.map((value) => [value.key, resolutionDecimals(value)] as const),
  ...CALCULATED_VALUES.map((value) => [value.key, value.decimals] as const),
]);

/**
 * A value of a frame rounded to its channel's resolution, for exports: the stored numbers carry binary
 * float noise of the decoding and arithmetic (5.199999999999989 kPa, 1513.3138677084735 hp). One decimal
 * more than the step's own, so values on quarter steps (2318.75 rpm) or with an offset (96.16 °C) stay
 * exact. Keys outside the table (the position) keep 12 significant digits, which drops only the noise.
 */
export function roundToResolution(key: string, value: number): number {
  const decimals = DECIMALS_BY_KEY.get(key);
  const rounded = decimals === undefined ? Number(value.toPrecision(12)) : Number(value.toFixed(decimals + 1));
  return rounded === 0 ? 0 : rounded;
}

/** Identification DIDs, read once after connecting. */
export const IDENTIFICATION = [
  { key: 'vin', name: 'VIN', did: 0xf190 },
  { key: 'sparePart', name: 'Spare part number', did: 0xf187 },
  { key: 'software', name: 'Software version', did: 0xf189 },
  { key: 'hardware', name: 'Hardware number', did: 0xf191 },
  { key: 'odx', name: 'ASAM/ODX file identifier', did: 0xf19e },
  { key: 'engineCode', name: 'Engine code', did: 0xf1ad },
] as const;

/** The frame with its calculated values added. */
export function withCalculated(frame: Record<string, number>): Record<string, number> {
  const full = { ...frame };
  for (const value of CALCULATED_VALUES) full[value.key] = value.compute(full);
  return full;
}
