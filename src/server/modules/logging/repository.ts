import type { LogSession } from '../../../shared/api/logging';
import type { Database, Queryable } from '../../db/database';
import { ident, join, sql } from '../../db/sql';
import { table } from '../../db/tables';
import { refreshSummary } from './summary';

interface SessionRow {
  vin: string;
  start: string | Date;
  end: string | Date;
  frames: number;
  max: Record<string, number> | string;
  min: Record<string, number> | string | null;
  revision: string | number;
}

interface ChunkRow {
  id: string | number;
  frames: number;
  t_from: string | Date;
  t_to: string | Date;
  time: string;
}

/** A session's frames in columns, as JSON text of each list's items (values as stored, `null` where missing). */
export interface SessionColumns {
  /** Seconds since the epoch, comma-separated. */
  time: string;
  /** Per data key, the values comma-separated, one per frame. */
  columns: Map<string, string>;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const ms = (value: string | Date) => new Date(value).getTime();

export function sessionId(vin: string, start: string): string {
  return `${vin}~${start}`;
}

/** A stored session with the revision it was written in (a changed session has a new one). */
export type StoredSession = LogSession & { revision: string };

function toSession(row: SessionRow): StoredSession {
  const start = iso(row.start);
  return {
    id: sessionId(row.vin, start),
    vin: row.vin,
    start,
    end: iso(row.end),
    frames: Number(row.frames),
    max: typeof row.max === 'string' ? (JSON.parse(row.max) as Record<string, number>) : row.max,
    min: typeof row.min === 'string' ? (JSON.parse(row.min) as Record<string, number>) : (row.min ?? {}),
    revision: String(row.revision),
  };
}

const nulls = (count: number) => (count > 0 ? 'null' + ',null'.repeat(count - 1) : '');

/**
 * Logging sessions (frames of one VIN, a gap over LOGGING_SESSION_GAP_MS starts a new one) read from
 * the stored summary, which `refreshSummary` first brings up to date with the frames; a session's
 * frames in columns read from its chunks (summarySchema.ts).
 */
export class LoggingRepository {
  constructor(private readonly db: Database) {}

  async sessions(): Promise<StoredSession[]> {
    await refreshSummary(this.db);
    const { rows } = await this.db.query<SessionRow>(
      sql`SELECT vin, start, "end", frames, max, min, revision FROM logging_session ORDER BY start DESC, vin`,
    );
    return rows.map(toSession);
  }

  /** One session by its id (`<vin>~<first frame's ISO timestamp>`). */
  async session(id: string): Promise<StoredSession | undefined> {
    await refreshSummary(this.db);
    return this.sessionIn(this.db, id);
  }

  private async sessionIn(q: Queryable, id: string): Promise<StoredSession | undefined> {
    const [vin, start] = id.split('~');
    if (!vin || !start || Number.isNaN(Date.parse(start))) return undefined;
    const { rows } = await q.query<SessionRow>(
      sql`SELECT vin, start, "end", frames, max, min, revision FROM logging_session
          WHERE vin = ${vin} AND start = ${new Date(start).toISOString()}::timestamptz`,
    );
    return rows[0] && toSession(rows[0]);
  }

  /**
   * A session with its frames in time order, in columns: the session and its chunks are read in one
   * snapshot. The chunks of a session follow each other in time unless frames came late into the middle
   * of a span already stored; then (and if the chunks do not add up to the session) the columns are
   * read from the frames themselves, and the session is marked to be summarised again.
   */
  async sessionColumns(id: string): Promise<{ session: StoredSession; data: SessionColumns } | undefined> {
    const found = await this.db.transaction(async (tx) => {
      await tx.query(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
      const session = await this.sessionIn(tx, id);
      if (!session) return undefined;
      const chunks = (
        await tx.query<ChunkRow>(
          sql`SELECT id, frames, t_from, t_to, time FROM logging_chunk
              WHERE vin = ${session.vin} AND t_from >= ${session.start}::timestamptz AND t_from <= ${session.end}::timestamptz
              ORDER BY t_from, id`,
        )
      ).rows;
      const counted = chunks.reduce((sum, chunk) => sum + Number(chunk.frames), 0);
      const ordered = chunks.every((chunk, i) => i === 0 || ms(chunk.t_from) >= ms(chunks[i - 1].t_to));
      if (counted === session.frames && ordered) return { session, data: await this.fromChunks(tx, session, chunks) };
      return { session, data: await this.fromFrames(tx, session), resummarise: true };
    });
    // Chunks out of order: the next refresh writes the session's chunks anew from its frames, in order.
    if (found?.resummarise)
      await this.db.query(
        sql`INSERT INTO logging_pending (kind, vin, t_from, t_to)
            VALUES ('changed', ${found.session.vin}, ${found.session.start}::timestamptz, ${found.session.end}::timestamptz)`,
      );
    return found && { session: found.session, data: found.data };
  }

  private async fromChunks(tx: Queryable, session: LogSession, chunks: ChunkRow[]): Promise<SessionColumns> {
    const { rows } = await tx.query<{ chunk: string | number; key: string; vals: string }>(
      sql`SELECT chunk, key, vals FROM logging_chunk_column WHERE chunk = ANY(${chunks.map((c) => String(c.id))}::bigint[])`,
    );
    const byKey = new Map<string, Map<string, string>>();
    for (const key of Object.keys(session.max)) byKey.set(key, new Map());
    for (const row of rows) {
      let values = byKey.get(row.key);
      if (!values) byKey.set(row.key, (values = new Map()));
      values.set(String(row.chunk), row.vals);
    }
    const columns = new Map<string, string>();
    for (const [key, values] of byKey)
      columns.set(key, chunks.map((chunk) => values.get(String(chunk.id)) ?? nulls(Number(chunk.frames))).join(','));
    return { time: chunks.map((chunk) => chunk.time).join(','), columns };
  }

  /** The columns straight from the frames (the (vin, timestamp) index's range), in the chunks' order. */
  private async fromFrames(tx: Queryable, session: LogSession): Promise<SessionColumns> {
    const frames = sql`SELECT _id, (doc->>'timestamp')::timestamptz AS ts, doc->'data' AS data
      FROM ${table('loggingFrame')} WHERE deleted_at IS NULL AND doc->>'vin' = ${session.vin}
        AND doc->>'timestamp' >= ${session.start} AND doc->>'timestamp' <= ${session.end}`;
    const keys = await tx.query<{ key: string }>(
      sql`SELECT DISTINCT key FROM (${frames}) f,
            jsonb_object_keys(CASE WHEN jsonb_typeof(f.data) = 'object' THEN f.data ELSE '{}' END) AS key`,
    );
    const all = [...new Set([...Object.keys(session.max), ...keys.rows.map((row) => row.key)])];
    const columns = all.map(
      (key, k) => sql`string_agg(coalesce((data->${key})::text, 'null'), ',' ORDER BY ts, _id) AS ${ident(`c${k}`)}`,
    );
    const { rows } = await tx.query<Record<string, string | null>>(
      sql`SELECT string_agg((extract(epoch FROM ts)::float8)::text, ',' ORDER BY ts, _id) AS time
            ${columns.length ? sql`, ${join(columns, ', ')}` : sql``}
          FROM (${frames}) f`,
    );
    const row = rows[0] ?? {};
    return { time: row.time ?? '', columns: new Map(all.map((key, k) => [key, row[`c${k}`] ?? ''])) };
  }

  /** Which of these frame ids are stored already. */
  async knownFrameIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.db.query<{ id: string }>(
      sql`SELECT doc->>'frameId' AS id FROM ${table('loggingFrame')}
          WHERE deleted_at IS NULL AND doc->>'frameId' = ANY(${ids}::text[])`,
    );
    return rows.map((row) => row.id);
  }
}
