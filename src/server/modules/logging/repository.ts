import { LOGGING_SESSION_GAP_MS, type LogSession } from '../../../shared/api/logging';
import type { Queryable } from '../../db/database';
import { ident, join, sql, type Sql } from '../../db/sql';
import { table } from '../../db/tables';

interface SessionRow {
  vin: string;
  start: string | Date;
  end: string | Date;
  frames: number | string;
  /** The session's first frame (its keys are the likely keys of all its frames). */
  first: string;
  /** When the session's newest frame was stored: with end and frames, tells a changed session apart. */
  stored: string | Date;
}

interface SessionRange {
  vin: string;
  start: string;
  end: string;
  frames: number;
  first: string;
  /** end, frames and the newest frame's storage time: maxima cached under another stamp are stale. */
  stamp: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Logging sessions are derived, not stored: frames of one VIN ordered by time, a gap over
 * LOGGING_SESSION_GAP_MS starts a new session (window functions: lag, then a running sum of starts).
 * Reads the derived VIN and timestamp columns only, never a frame's document.
 */
function sessionsSql(where: Sql): Sql {
  const gapSeconds = LOGGING_SESSION_GAP_MS / 1000;
  return sql`WITH f AS (
      SELECT _id, g_t_vin AS vin, g_t_timestamp::timestamptz AS ts, created_at
      FROM ${table('loggingFrame')} WHERE deleted_at IS NULL ${where}
    ), marked AS (
      SELECT *, CASE WHEN lag(ts) OVER w IS NULL
                       OR ts - lag(ts) OVER w > make_interval(secs => ${gapSeconds}) THEN 1 ELSE 0 END AS starts
      FROM f WINDOW w AS (PARTITION BY vin ORDER BY ts)
    ), numbered AS (
      SELECT *, sum(starts) OVER (PARTITION BY vin ORDER BY ts ROWS UNBOUNDED PRECEDING) AS n FROM marked
    )
    SELECT vin, min(ts) AS start, max(ts) AS "end", count(*)::int AS frames,
      min(CASE WHEN starts = 1 THEN _id END) AS first, max(created_at) AS stored
    FROM numbered GROUP BY vin, n ORDER BY start DESC`;
}

export function sessionId(vin: string, start: string): string {
  return `${vin}~${start}`;
}

/** Largest cached maxima entries (one per session; each a few dozen numbers). */
const MAXIMA_CACHE_LIMIT = 10_000;

export class LoggingRepository {
  /**
   * The maxima of each session by id, with the stamp they were computed for: frames are never
   * updated, so a session with the same end, count and newest storage time has the same frames.
   */
  private readonly maxima = new Map<string, { stamp: string; max: Record<string, number> }>();

  constructor(private readonly q: Queryable) {}

  async sessions(): Promise<LogSession[]> {
    const ranges = await this.ranges(sql``);
    const max = await this.maximaOf(ranges);
    return ranges.map((range) => toSession(range, max.get(sessionId(range.vin, range.start))!));
  }

  private async ranges(where: Sql): Promise<SessionRange[]> {
    const { rows } = await this.q.query<SessionRow>(sessionsSql(where));
    return rows.map((row) => {
      const end = iso(row.end);
      const frames = Number(row.frames);
      return {
        vin: row.vin,
        start: iso(row.start),
        end,
        frames,
        first: row.first,
        stamp: `${end}|${frames}|${iso(row.stored)}`,
      };
    });
  }

  /**
   * Each session's largest value per data key. Cached per session; the missing ones are computed
   * together: their keys (those of each session's first frame, plus any other key a frame has, found
   * by removing the known keys from each frame), then one aggregate per key over one scan. The
   * values are numbers (the schema's `data`): compared as numeric, which jsonb holds them as (a
   * float8 cast per value would print and parse each), the maxima are cast to float8 once.
   */
  private async maximaOf(ranges: SessionRange[]): Promise<Map<string, Record<string, number>>> {
    const result = new Map<string, Record<string, number>>();
    const missing: SessionRange[] = [];
    for (const range of ranges) {
      const id = sessionId(range.vin, range.start);
      const cached = this.maxima.get(id);
      if (cached && cached.stamp === range.stamp) result.set(id, cached.max);
      else missing.push(range);
    }
    if (!missing.length) return result;
    const frames = table('loggingFrame');
    const spans = JSON.stringify(
      missing.map((range, i) => ({ i, vin: range.vin, start: range.start, end: range.end })),
    );
    const rowsSql = sql`WITH s AS (
        SELECT * FROM jsonb_to_recordset(${spans}::jsonb) AS s(i int, vin text, start timestamptz, "end" timestamptz)
      ), r AS (
        SELECT s.i, f.doc->'data' AS data FROM s JOIN ${frames} f
          ON f.g_t_vin = s.vin AND f.g_t_timestamp::timestamptz BETWEEN s.start AND s."end"
        WHERE f.deleted_at IS NULL
      )`;
    const firsts = await this.q.query<{ id: string; keys: string[] }>(
      sql`SELECT _id AS id, ARRAY(SELECT jsonb_object_keys(doc->'data')) AS keys FROM ${frames}
          WHERE _id = ANY(${missing.map((range) => range.first)}::text[])`,
    );
    const keysOf = new Map(firsts.rows.map((row) => [row.id, row.keys]));
    const candidates = missing.map((range) => keysOf.get(range.first) ?? []);
    const others = await this.q.query<{ i: number; key: string }>(
      sql`${rowsSql}, c AS (
          SELECT i, keys FROM jsonb_to_recordset(${JSON.stringify(candidates.map((keys, i) => ({ i, keys })))}::jsonb)
            AS c(i int, keys text[])
        )
        SELECT DISTINCT r.i, k AS key FROM r JOIN c USING (i), jsonb_object_keys(r.data - c.keys) k`,
    );
    const keys = [...new Set([...candidates.flat(), ...others.rows.map((row) => row.key)])];
    const found = missing.map(() => ({}) as Record<string, number>);
    if (keys.length) {
      const aggregates = keys.map((key, k) => sql`max((data->${key})::numeric)::float8 AS ${ident(`m${k}`)}`);
      const { rows } = await this.q.query<Record<string, number | null> & { i: number }>(
        sql`${rowsSql} SELECT i, ${join(aggregates, ', ')} FROM r GROUP BY i`,
      );
      for (const row of rows)
        keys.forEach((key, k) => {
          const value = row[`m${k}`];
          if (value !== null && value !== undefined) found[row.i][key] = Number(value);
        });
    }
    if (this.maxima.size + missing.length > MAXIMA_CACHE_LIMIT) this.maxima.clear();
    missing.forEach((range, i) => {
      const id = sessionId(range.vin, range.start);
      this.maxima.set(id, { stamp: range.stamp, max: found[i] });
      result.set(id, found[i]);
    });
    return result;
  }

  /** One session by its id (`<vin>~<first frame's ISO timestamp>`), from that VIN's frames. */
  async session(id: string): Promise<LogSession | undefined> {
    const [vin, start] = id.split('~');
    if (!vin || !start || Number.isNaN(Date.parse(start))) return undefined;
    const at = new Date(start).toISOString();
    const range = (await this.ranges(sql`AND g_t_vin = ${vin}`)).find((candidate) => candidate.start === at);
    if (!range) return undefined;
    const max = await this.maximaOf([range]);
    return toSession(range, max.get(sessionId(range.vin, range.start))!);
  }

  /**
   * A session's frames in columns as JSON text, built in SQL in one scan in time order:
   * `{"time":[seconds since the epoch…],"columns":{"<key>":[value or null…]…}}` (the keys are the
   * session's, those its maxima have).
   */
  async sessionColumns(session: LogSession): Promise<string> {
    const keys = Object.keys(session.max);
    const columns = keys.map((key, k) => sql`json_agg(data->${key} ORDER BY ts)::text AS ${ident(`c${k}`)}`);
    const { rows } = await this.q.query<Record<string, string | null>>(
      sql`WITH r AS (
          SELECT g_t_timestamp::timestamptz AS ts, doc->'data' AS data FROM ${table('loggingFrame')}
          WHERE deleted_at IS NULL AND g_t_vin = ${session.vin}
            AND g_t_timestamp::timestamptz BETWEEN ${session.start}::timestamptz AND ${session.end}::timestamptz
          ORDER BY ts
        )
        SELECT json_agg(extract(epoch FROM ts)::float8 ORDER BY ts)::text AS time${columns.length ? sql`, ${join(columns, ', ')}` : sql``}
        FROM r`,
    );
    const row = rows[0];
    const parts = keys.map((key, k) => `${JSON.stringify(key)}:${row[`c${k}`] ?? '[]'}`);
    return `{"time":${row.time ?? '[]'},"columns":{${parts.join(',')}}}`;
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

function toSession(range: SessionRange, max: Record<string, number>): LogSession {
  const { vin, start, end, frames } = range;
  return { id: sessionId(vin, start), vin, start, end, frames, max };
}
