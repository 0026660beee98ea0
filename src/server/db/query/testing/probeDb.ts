import type { Database } from '../../database';
import { join, sql } from '../../sql';
import { migrateModel, table } from '../../tables';
import { openTestPglite } from '../../testing/testPglite';
import type { Doc } from './generate';
import { probe } from './probe';

/** An in-memory PGlite (from the suite's migrated template when there is one) with the probe table filled. */
export async function openProbeDb(docs: Doc[]): Promise<Database> {
  const db = await openTestPglite(process.env.PGLITE_TEMPLATE);
  await db.query(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await migrateModel(db, probe);
  for (let i = 0; i < docs.length; i += 100) {
    const rows = docs
      .slice(i, i + 100)
      .map(({ _id, _createdAt, ...doc }) => sql`(${_id}, ${JSON.stringify(doc)}::jsonb, ${_createdAt}::timestamptz)`);
    await db.query(sql`INSERT INTO ${table(probe.name)} (_id, doc, created_at) VALUES ${join(rows, ', ')}`);
  }
  await db.query(sql`ANALYZE ${table(probe.name)}`);
  return db;
}
