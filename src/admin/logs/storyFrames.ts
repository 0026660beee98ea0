import type { LoggingFrame } from '../../shared/api/logging';
import { withCalculated } from '../../shared/diagnostics/values';

/**
 * Frames of a drive for stories and tests: idle, a pull to 6,000 rpm with boost and a little knock,
 * lift-off, repeated; the position follows a loop around Basel. `hz` frames per second.
 */
export function driveFrames(vin: string, start: string, seconds: number, hz = 20, gps = true): LoggingFrame[] {
  const t0 = Date.parse(start);
  return Array.from({ length: Math.round(seconds * hz) }, (_, i) => {
    const t = i / hz;
    const phase = (t % 40) / 40;
    const pull = phase > 0.3 && phase < 0.6 ? (phase - 0.3) / 0.3 : 0;
    const engineSpeed = Math.round(900 + pull * 5100 + (phase >= 0.6 ? 1500 * (1 - phase) : 0) + Math.sin(t * 7) * 15);
    const mapSetpoint = 100 + pull * 150;
    const map = Math.max(95, mapSetpoint - 12 * Math.exp(-pull * 4) + Math.sin(t * 13) * 2);
    // Knock retard is ≤ 0 (diagnostics-bridge.md): the worst is the most negative.
    const knock = pull > 0.8 ? -Math.round(Math.abs(Math.sin(t * 3)) * 30) / 10 : 0;
    const base: Record<string, number> = {
      engineSpeed,
      vehicleSpeed: 30 + pull * 90,
      airflow: 20 + pull * 780,
      map: Math.round(map * 10) / 10,
      mapSetpoint: Math.round(mapSetpoint * 10) / 10,
      put: Math.round((map + 8) * 10) / 10,
      ambientPressure: 98.2,
      intakeAirTemp: 28 + pull * 6,
      coolantTemp: 91,
      oilTemp: 98 + t / 60,
      torque: 40 + pull * 340,
      torqueRequest: 45 + pull * 350,
      lambda: 1 - pull * 0.2,
      lambdaSetpoint: 1 - pull * 0.21,
      knockCyl1: knock,
      knockCyl2: knock / 2,
      knockCyl3: 0,
      knockCyl4: knock / 3,
      misfires: 0,
    };
    const angle = (t / seconds) * 2 * Math.PI;
    const position = gps
      ? {
          latitude: 47.5596 + 0.012 * Math.sin(angle) + 0.002 * Math.sin(angle * 5),
          longitude: 7.5886 + 0.02 * Math.cos(angle) - 0.02,
          altitude: 260 + 10 * Math.sin(angle),
          speed: 30 + pull * 90,
          heading: ((angle * 180) / Math.PI + 90) % 360,
        }
      : {};
    const data = Object.fromEntries(
      Object.entries({ ...withCalculated(base), ...position }).map(([key, value]) => [
        key,
        Math.round(value * 100) / 100,
      ]),
    );
    return { timestamp: new Date(t0 + Math.round(t * 1000)).toISOString(), vin, data };
  });
}
