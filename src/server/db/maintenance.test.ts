import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { maintain } from './maintenance';
import { sql } from './sql';
import { openTestPglite } from './testing/testPglite';

let db: Database;
afterEach(async () => {
  await db?.close();
});

describe('PGlite maintenance', () => {
  it('refreshes the planner statistics and marks pages all-visible', async () => {
    db = await openTestPglite();
    await db.query(sql`CREATE TABLE t (n integer)`);
    await db.query(sql`INSERT INTO t SELECT generate_series(1, 5000)`);
    await db.query(sql`DELETE FROM t WHERE n % 2 = 0`);
    const stats = async () =>
      (
        await db.query<{ rows: number; visible: number }>(
          sql`SELECT reltuples::int AS rows, relallvisible::int AS visible FROM pg_class WHERE relname = 't'`,
        )
      ).rows[0];
    // Never analyzed (-1 rows known to the planner), no page known to be all-visible.
    expect(await stats()).toEqual({ rows: -1, visible: 0 });
    expect(await maintain(db)).toBeGreaterThan(0);
    const after = await stats();
    expect(after.rows).toBe(2500);
    expect(after.visible).toBeGreaterThan(0);
  });
});
