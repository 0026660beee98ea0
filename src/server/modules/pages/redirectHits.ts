import type { Database } from '../../db/database';
import { sql } from '../../db/sql';

/** How often pending counts are written (they are summed in memory in between). */
const FLUSH_MS = 2000;

/**
 * How often the public site served a redirect, by the path it redirected from (GET /api/redirectStats). Counted in memory and
 * added to a small table of their own every 2 s: a visitor's request never waits for it, and the
 * redirect documents (whose changes clear the page cache) are never written for a hit.
 */
export class RedirectHits {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private ready: Promise<void> | undefined;

  constructor(private readonly db: Database) {}

  private table(): Promise<void> {
    this.ready ??= this.db
      .query(sql`CREATE TABLE IF NOT EXISTS redirect_hits (path text PRIMARY KEY, count bigint NOT NULL DEFAULT 0)`)
      .then(
        () => undefined,
        (error: unknown) => {
          // Another process creating the table at the same moment can make this fail once: try again next time.
          this.ready = undefined;
          throw error;
        },
      );
    return this.ready;
  }

  count(path: string): void {
    this.pending.set(path, (this.pending.get(path) ?? 0) + 1);
    this.timer ??= setTimeout(() => this.flush().catch(() => undefined), FLUSH_MS);
    this.timer.unref?.();
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending];
    this.pending.clear();
    if (batch.length === 0) return;
    await this.table();
    for (const [id, n] of batch)
      await this.db.query(
        sql`INSERT INTO redirect_hits (path, count) VALUES (${id}, ${n})
            ON CONFLICT (path) DO UPDATE SET count = redirect_hits.count + EXCLUDED.count`,
      );
  }

  async counts(): Promise<Map<string, number>> {
    await this.flush();
    await this.table();
    const { rows } = await this.db.query<{ path: string; count: string | number }>(
      sql`SELECT path, count FROM redirect_hits`,
    );
    return new Map(rows.map((row) => [row.path, Number(row.count)]));
  }
}
