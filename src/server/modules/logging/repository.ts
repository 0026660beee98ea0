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

  /**
   * One session by its id with its frames in time order (ts in ms since the epoch), read in one query
   * over that VIN's frames from the session's start up to the first gap (not through the sessions of
   * every VIN): the id must name a session's first frame. Count, end and maxima come from the frames.
   */
  async sessionFrames(
    id: string,
  ): Promise<{ session: LogSession; frames: { ts: number; data: Record<string, number> }[] } | undefined> {
    const [vin, start] = id.split('~');
    if (!vin || !start || Number.isNaN(Date.parse(start))) return undefined;
    const at = new Date(start).toISOString();
    const gapSeconds = LOGGING_SESSION_GAP_MS / 1000;
    const { rows } = await this.q.query<{ ts: string | Date; data: Record<string, number> | string }>(
      sql`WITH f AS (
          SELECT (doc->>'timestamp')::timestamptz AS ts, doc->'data' AS data FROM ${table('loggingFrame')}
          WHERE deleted_at IS NULL AND doc->>'vin' = ${vin}
            AND (doc->>'timestamp')::timestamptz >= ${at}::timestamptz - make_interval(secs => ${gapSeconds})
        ), g AS (
          SELECT ts, data, ts - lag(ts) OVER (ORDER BY ts) > make_interval(secs => ${gapSeconds}) AS gap FROM f
        )
        SELECT ts, data FROM g
        WHERE NOT EXISTS (SELECT 1 FROM f WHERE f.ts < ${at}::timestamptz)
          AND ts < coalesce((SELECT min(ts) FROM g WHERE gap AND ts > ${at}::timestamptz), 'infinity')
        ORDER BY ts`,
    );
    const frames = rows.map((row) => ({
      ts: new Date(row.ts).getTime(),
      data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, number>,
    }));
    if (!frames.length || frames[0].ts !== Date.parse(at)) return undefined;
    const max: Record<string, number> = {};
    for (const { data } of frames)
      for (const key in data) {
        const value = data[key];
        if (typeof value === 'number' && !(max[key] >= value)) max[key] = value;
      }
    const session: LogSession = {
      id: sessionId(vin, at),
      vin,
      start: at,
      end: new Date(frames[frames.length - 1].ts).toISOString(),
      frames: frames.length,
      max,
    };
    return { session, frames };
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
}

function toSession(row: SessionRow): LogSession {
  const start = iso(row.start);
  const max = typeof row.max === 'string' ? JSON.parse(row.max) : (row.max ?? {});
  return { id: sessionId(row.vin, start), vin: row.vin, start, end: iso(row.end), frames: Number(row.frames), max };
}
