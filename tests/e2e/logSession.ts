import { completeFrame } from '../../src/diagnostics/ecu/ecu';
import { engineValues, rawValue } from '../../src/diagnostics/simulator/engine';
import type { Queryable } from '../../src/server/db/database';
import { sql } from '../../src/server/db/sql';
import { table } from '../../src/server/db/tables';
import type { LoggingFrame } from '../../src/shared/api/logging';
import { ENGINE_VALUES } from '../../src/shared/diagnostics/values';
import { createObjectId } from '../../src/shared/format/objectId';

/**
 * One logging frame as the diagnostics tool uploads it: the simulated engine's values at `ms` into
 * the drive, quantized through the ECU's raw bytes and scaling (as read from the bridge), the
 * calculated values, and a position on a loop around Basel.
 */
export function simulatedFrame(vin: string, start: number, index: number, hz = 20): LoggingFrame {
  const ms = (index * 1000) / hz;
  const engine = engineValues(ms);
  const read: Record<string, number> = {};
  for (const value of ENGINE_VALUES) {
    let raw = rawValue(value.key, engine[value.key]);
    if (value.signed && raw >= 2 ** (value.bytes * 8 - 1)) raw -= 2 ** (value.bytes * 8);
    read[value.key] = value.scale(raw);
  }
  const angle = (ms / 600_000) * 2 * Math.PI;
  return {
    timestamp: new Date(start + ms).toISOString(),
    vin,
    frameId: `${vin}-${start}-${index}`,
    data: {
      ...completeFrame(read),
      latitude: Math.round((47.56 + 0.01 * Math.sin(angle)) * 1e6) / 1e6,
      longitude: Math.round((7.59 + 0.015 * Math.cos(angle)) * 1e6) / 1e6,
      altitude: 260,
      speed: Math.round(engine.vehicleSpeed),
      heading: Math.round(((angle * 180) / Math.PI + 90) % 360),
    },
  };
}

/**
 * Stores a logging session of `frames` frames at `hz` straight into the loggingFrame table (a bulk
 * INSERT of 5,000 rows a statement, not through createEntry): the way a big session gets into a
 * test or bench in seconds.
 */
export async function insertLogSession(
  db: Queryable,
  { vin, start, frames, hz = 20 }: { vin: string; start: number; frames: number; hz?: number },
): Promise<void> {
  for (let from = 0; from < frames; from += 5000) {
    const rows = Array.from({ length: Math.min(5000, frames - from) }, (_, i) => ({
      id: createObjectId(),
      doc: simulatedFrame(vin, start, from + i, hz),
    }));
    await db.query(sql`INSERT INTO ${table('loggingFrame')} (_id, doc)
      SELECT r->>'id', r->'doc' FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS r`);
  }
}
