import type { Database } from './database';
import type { PostgresDatabase } from './postgres';

/**
 * Key of the session-level advisory lock held while a process migrates and prepares the database
 * (tables, auth tables, pg-boss's schema and queues, the first admin, demo content). Distinct from
 * the transaction-level lock `migrate` takes, which another connection of the same process holds.
 */
const STARTUP_LOCK = 'baukasten.startup';

/**
 * Runs `fn` while holding PostgreSQL's advisory lock on one dedicated connection, so processes
 * starting at the same moment prepare the database one after the other: the first migrates, the
 * others find everything in place. PGlite has one process only and runs `fn` as it is.
 */
export async function withStartupLock<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return fn();
  const client = await (db as PostgresDatabase).pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [STARTUP_LOCK]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK]).catch((error: Error) => {
        // A connection that could not unlock is dropped: its session, and so the lock, ends with it.
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}
