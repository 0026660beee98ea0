import { LOGGING_SESSION_GAP_MS } from '../../../shared/api/logging';
import type { Database, Queryable } from '../../db/database';
import { sql } from '../../db/sql';
import { changedWindow, mergeSpans, type Span } from './sessionSpans';

interface PendingRow {
  kind: 'frames' | 'changed';
  vin: string;
  t_from: Date | string;
  t_to: Date | string;
  frames: number;
  max: Record<string, number> | string | null;
  min: Record<string, number> | string | null;
}

interface SessionRow {
  vin: string;
  start: Date | string;
  end: Date | string;
  frames: number;
  max: Record<string, number> | string;
  min: Record<string, number> | string;
}

type Item = Span & { vin: string; stored: boolean };

const ms = (value: Date | string) => new Date(value).getTime();
const iso = (time: number) => new Date(time).toISOString();
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Tries of a refresh that met another process's refresh (PostgreSQL's serialization failure). */
const TRIES = 8;

/**
 * Brings the stored sessions up to date with the frames: takes in the pending rows the triggers wrote
 * (summarySchema.ts). Cheap when nothing is pending (one EXISTS). One REPEATABLE READ transaction: the
 * pending rows it takes and the frames it reads are of one snapshot, so no frame is counted twice or
 * missed; the state row, locked first, makes a second process's refresh wait and then start over on
 * what the first one wrote.
 */
export async function refreshSummary(db: Database): Promise<void> {
  const { rows } = await db.query<{ pending: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM logging_pending) AS pending`);
  if (!rows[0].pending) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(refreshIn);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40001' || attempt >= TRIES) throw error;
    }
  }
}

async function refreshIn(tx: Queryable): Promise<void> {
  await tx.query(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
  const state = await tx.query<{ revision: string | number }>(
    sql`SELECT revision FROM logging_state WHERE id = 1 FOR UPDATE`,
  );
  const revision = Number(state.rows[0].revision) + 1;
  const taken = (await tx.query<PendingRow>(sql`DELETE FROM logging_pending RETURNING *`)).rows;
  if (!taken.length) return;
  const changed = new Map<string, { from: number; to: number }>();
  for (const row of taken.filter((r) => r.kind === 'changed')) {
    const seen = changed.get(row.vin);
    changed.set(row.vin, {
      from: Math.min(seen?.from ?? Infinity, ms(row.t_from)),
      to: Math.max(seen?.to ?? -Infinity, ms(row.t_to)),
    });
  }
  const toItem = (row: PendingRow): Item => ({
    vin: row.vin,
    start: ms(row.t_from),
    end: ms(row.t_to),
    frames: Number(row.frames),
    max: json(row.max ?? {}),
    min: json(row.min ?? {}),
    stored: false,
  });
  const items = new Map<string, Item[]>();
  const add = (item: Item) => items.set(item.vin, [...(items.get(item.vin) ?? []), item]);
  for (const row of taken) if (row.kind === 'frames') add(toItem(row));

  // The stored sessions that may take part: near the new spans, or all of a VIN whose frames changed.
  const ranges = [...new Set(taken.map((row) => row.vin))].map((vin) => {
    const spans = items.get(vin) ?? [];
    const whole = changed.has(vin);
    return {
      vin,
      lo: whole ? '-infinity' : iso(Math.min(...spans.map((s) => s.start)) - LOGGING_SESSION_GAP_MS),
      hi: whole ? 'infinity' : iso(Math.max(...spans.map((s) => s.end)) + LOGGING_SESSION_GAP_MS),
    };
  });
  const stored = await tx.query<SessionRow>(
    sql`SELECT s.vin, s.start, s."end", s.frames, s.max, s.min FROM logging_session s
        JOIN jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) AS r(vin text, lo timestamptz, hi timestamptz)
          ON s.vin = r.vin AND s."end" >= r.lo AND s.start <= r.hi`,
  );
  for (const row of stored.rows)
    add({
      vin: row.vin,
      start: ms(row.start),
      end: ms(row.end),
      frames: row.frames,
      max: json(row.max),
      min: json(row.min),
      stored: true,
    });

  // Frames changed or deleted: their window is summarised again from the frames (chunks and spans).
  const gone: Item[] = [];
  for (const [vin, { from, to }] of changed) {
    const all = items.get(vin) ?? [];
    const window = changedWindow(all, from, to, LOGGING_SESSION_GAP_MS);
    const inside = (item: Item) => item.start >= window.start && item.end <= window.end;
    gone.push(...all.filter((item) => item.stored && inside(item)));
    items.set(
      vin,
      all.filter((item) => !inside(item)),
    );
    await tx.query(
      sql`DELETE FROM logging_chunk WHERE vin = ${vin} AND t_to >= ${iso(window.start)}::timestamptz
            AND t_from <= ${iso(window.end)}::timestamptz`,
    );
    await tx.query(sql`SELECT logging_rebuild(${vin}, ${iso(window.start)}, ${iso(window.end)})`);
  }
  if (changed.size) {
    const rebuilt = await tx.query<PendingRow>(sql`DELETE FROM logging_pending RETURNING *`);
    for (const row of rebuilt.rows) add(toItem(row));
  }

  // Merge: a session made of one stored session alone is unchanged; the others are written anew.
  const written: (Pick<Item, 'vin' | 'frames' | 'max' | 'min'> & { start: string; end: string })[] = [];
  for (const [vin, list] of items)
    for (const session of mergeSpans(list, LOGGING_SESSION_GAP_MS)) {
      if (session.members.length === 1 && session.members[0].stored) continue;
      gone.push(...session.members.filter((member) => member.stored));
      const { start, end, frames, max, min } = session;
      written.push({ vin, start: iso(start), end: iso(end), frames, max, min });
    }
  if (gone.length)
    await tx.query(
      sql`DELETE FROM logging_session s USING jsonb_to_recordset(${JSON.stringify(
        gone.map((item) => ({ vin: item.vin, start: iso(item.start) })),
      )}::jsonb) AS g(vin text, start timestamptz) WHERE s.vin = g.vin AND s.start = g.start`,
    );
  if (written.length)
    await tx.query(
      sql`INSERT INTO logging_session (vin, start, "end", frames, max, min, revision)
          SELECT vin, start, "end", frames, max, min, ${revision}::bigint FROM jsonb_to_recordset(${JSON.stringify(written)}::jsonb)
            AS w(vin text, start timestamptz, "end" timestamptz, frames int, max jsonb, min jsonb)`,
    );
  await tx.query(sql`UPDATE logging_state SET revision = ${revision}::bigint WHERE id = 1`);
}
