import { ENGINE_VALUES } from '../../shared/diagnostics/values';

/**
 * A simulated Simos 18 engine for the demo and the tests: a 24-second drive cycle that repeats
 * (idle, a pull in third gear to 6,200 rpm with boost and a little knock on cylinder 3, lift-off,
 * cruise), with a little deterministic noise so gauges move like a real car's.
 */
export const DRIVE_CYCLE_MS = 24_000;

const lerp = (from: number, to: number, t: number) => from + (to - from) * Math.min(1, Math.max(0, t));
/** Smooth noise in [-1, 1], the same for the same time (tests stay repeatable). */
const noise = (ms: number, seed: number) => Math.sin(ms / 97 + seed * 1.7) * 0.6 + Math.sin(ms / 23 + seed * 3.1) * 0.4;

export function engineValues(ms: number): Record<string, number> {
  const t = (((ms % DRIVE_CYCLE_MS) + DRIVE_CYCLE_MS) % DRIVE_CYCLE_MS) / 1000;
  const ambientPressure = 96.8;
  let engineSpeed: number, vehicleSpeed: number, map: number, mapSetpoint: number, torque: number;
  let lambda = 1;
  let knock = 0;
  if (t < 6) {
    engineSpeed = 820;
    vehicleSpeed = 0;
    map = 34;
    mapSetpoint = 34;
    torque = 18;
  } else if (t < 14) {
    const p = (t - 6) / 8;
    engineSpeed = lerp(2000, 6200, p);
    vehicleSpeed = lerp(45, 138, p);
    mapSetpoint = lerp(150, 250, p * 4);
    map = lerp(110, 246, p * 3.2);
    torque = lerp(260, 420, p * 3) - (p > 0.75 ? (p - 0.75) * 400 : 0);
    lambda = 0.86;
    knock = p > 0.6 ? -1.5 * (p - 0.6) * 2.5 : 0;
  } else if (t < 18) {
    const p = (t - 14) / 4;
    engineSpeed = lerp(6200, 2300, p * 1.5);
    vehicleSpeed = lerp(138, 122, p);
    map = lerp(240, 28, p * 3);
    mapSetpoint = 28;
    torque = -32;
    lambda = 1.0;
  } else {
    engineSpeed = 2300;
    vehicleSpeed = lerp(122, 100, (t - 18) / 6);
    map = 62;
    mapSetpoint = 62;
    torque = 85;
  }
  engineSpeed += noise(ms, 1) * (engineSpeed < 1000 ? 12 : 25);
  const airflow = Math.max(8, ((map / ambientPressure) * engineSpeed) / 14);
  const values: Record<string, number> = {
    engineSpeed,
    vehicleSpeed,
    airflow,
    map: map + noise(ms, 2) * 1.5,
    mapSetpoint,
    put: Math.max(map + 4, ambientPressure + 1) + noise(ms, 3),
    ambientPressure,
    intakeAirTemp: 31 + (t > 6 && t < 18 ? lerp(0, 14, (t - 6) / 8) : 0) + noise(ms, 4),
    coolantTemp: 89 + noise(ms, 5) * 0.5,
    oilTemp: 96 + (t / 24) * 4,
    torque,
    torqueRequest: torque + 6 + noise(ms, 6) * 4,
    lambda: lambda + noise(ms, 7) * 0.01,
    lambdaSetpoint: lambda,
    knockCyl1: knock > -0.5 ? 0 : knock * 0.2,
    knockCyl2: 0,
    knockCyl3: knock,
    knockCyl4: knock * 0.3,
    misfires: 0,
  };
  return values;
}

/**
 * The raw big-endian integer of a value as the ECU sends it (the inverse of the table's linear
 * scaling), clamped to what the value's bytes can carry.
 */
export function rawValue(key: string, value: number): number {
  const definition = ENGINE_VALUES.find((candidate) => candidate.key === key);
  if (!definition) throw new RangeError(`Unknown engine value ${key}`);
  const offset = definition.scale(0);
  const slope = definition.scale(1) - offset;
  const bits = definition.bytes * 8;
  const [low, high] = definition.signed ? [-(2 ** (bits - 1)), 2 ** (bits - 1) - 1] : [0, 2 ** bits - 1];
  const raw = Math.min(high, Math.max(low, Math.round((value - offset) / slope)));
  return raw < 0 ? raw + 2 ** bits : raw;
}
