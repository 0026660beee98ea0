import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database';
import { sql } from './sql';

/**
 * PGlite runs PostgreSQL without its autovacuum: nothing reclaims the space of updated and deleted
 * rows, refreshes the planner's statistics or marks pages all-visible (which index-only list pages
 * need). The server does it itself: `VACUUM ANALYZE` of the whole database, a while after start and
 * then every `everyMs`. PGlite runs one statement at a time, so requests wait while it runs; on a
 * small business's data that is well under a second.
 */
export function scheduleMaintenance(
  db: Database,
  log: FastifyBaseLogger,
  everyMs: number,
  firstAfterMs = 5 * 60_000,
): { stop(): void } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= maintain(db)
      .then((ms) => log.info({ ms }, 'database vacuumed and analyzed'))
      .catch((error: unknown) => log.error({ err: error }, 'database maintenance failed'))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, firstAfterMs).unref();
  const every = setInterval(run, everyMs).unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}

/** One maintenance pass; answers how long it took. */
export async function maintain(db: Database): Promise<number> {
  const started = performance.now();
  await db.query(sql`VACUUM ANALYZE`);
  return performance.now() - started;
}
