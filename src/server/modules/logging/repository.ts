import { LOGGING_SESSION_GAP_MS, type LogSession } from '../../../shared/api/logging';
import type { Queryable } from '../../db/database';
import { sql, type Sql } from '../../db/sql';
import { table } from '../../db/tables';

interface SessionRow {
  vin: string;
  start: string | Date;
  end: string | Date;
  frames: number | string;
  max: Record<string, number> | string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Logging sessions are derived, not stored: frames of one VIN ordered by time, a gap over
 * LOGGING_SESSION_GAP_MS starts a new session (window functions: lag, then a running sum of starts).
 */
function sessionsSql(where: Sql): Sql {
  const gapSeconds = LOGGING_SESSION_GAP_MS / 1000;
  return sql`WITH f AS (
      SELECT doc->>'vin' AS vin, (doc->>'timestamp')::timestamptz AS ts, doc->'data' AS data
      FROM ${table('loggingFrame')} WHERE deleted_at IS NULL
    ), marked AS (
      SELECT *, CASE WHEN lag(ts) OVER w IS NULL
                       OR ts - lag(ts) OVER w > make_interval(secs => ${gapSeconds}) THEN 1 ELSE 0 END AS starts
      FROM f WINDOW w AS (PARTITION BY vin ORDER BY ts)
    ), numbered AS (
      SELECT *, sum(starts) OVER (PARTITION BY vin ORDER BY ts ROWS UNBOUNDED PRECEDING) AS n FROM marked
    ), sessions AS (
      SELECT vin, n, min(ts) AS start, max(ts) AS "end", count(*)::int AS frames FROM numbered GROUP BY vin, n
    )
    SELECT s.vin, s.start, s."end", s.frames,
      (SELECT jsonb_object_agg(k, m) FROM (
         SELECT e.key AS k, max((e.value)::text::float8) AS m
         FROM numbered x, jsonb_each(x.data) e
         WHERE x.vin = s.vin AND x.n = s.n AND jsonb_typeof(e.value) = 'number' GROUP BY e.key) mx) AS max
    FROM sessions s ${where} ORDER BY s.start DESC`;
}

export function sessionId(vin: string, start: string): string {
  return `${vin}~${start}`;
}

export class LoggingRepository {
  constructor(private readonly q: Queryable) {}

  async sessions(): Promise<LogSession[]> {
    const { rows } = await this.q.query<SessionRow>(sessionsSql(sql``));
    return rows.map(toSession);
  }

  async session(id: string): Promise<LogSession | undefined> {
    const [vin, start] = id.split('~');
    if (!vin || !start || Number.isNaN(Date.parse(start))) return undefined;
    const { rows } = await this.q.query<SessionRow>(
      sessionsSql(sql`WHERE s.vin = ${vin} AND s.start = ${new Date(start).toISOString()}::timestamptz`),
    );
    return rows[0] && toSession(rows[0]);
  }

  /** Which of these frame ids are stored already. */
  async knownFrameIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.q.query<{ id: string }>(
      sql`SELECT doc->>'frameId' AS id FROM ${table('loggingFrame')}
          WHERE deleted_at IS NULL AND doc->>'frameId' = ANY(${ids}::text[])`,
    );
    return rows.map((row) => row.id);
  }

  /** The frames of a session in time order (ts in ms since the epoch). */
  async frames(session: LogSession): Promise<{ ts: number; data: Record<string, number> }[]> {
    const { rows } = await this.q.query<{ ts: string | Date; data: Record<string, number> | string }>(
      sql`SELECT (doc->>'timestamp')::timestamptz AS ts, doc->'data' AS data FROM ${table('loggingFrame')}
          WHERE deleted_at IS NULL AND doc->>'vin' = ${session.vin}
            AND (doc->>'timestamp')::timestamptz BETWEEN ${session.start}::timestamptz AND ${session.end}::timestamptz
          ORDER BY 1`,
    );
    return rows.map((row) => ({
      ts: new Date(row.ts).getTime(),
      data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
    }));
  }
}

function toSession(row: SessionRow): LogSession {
  const start = iso(row.start);
  const max = typeof row.max === 'string' ? JSON.parse(row.max) : (row.max ?? {});
  return { id: sessionId(row.vin, start), vin: row.vin, start, end: iso(row.end), frames: Number(row.frames), max };
}
