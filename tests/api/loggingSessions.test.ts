import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { SYSTEM } from '../../src/server/access/caller';
import { openPostgres, type PostgresDatabase } from '../../src/server/db/postgres';
import { Sql, sql } from '../../src/server/db/sql';
import { table } from '../../src/server/db/tables';
import {
  LOGGING_SESSION_GAP_MS,
  LOGGING_URLS,
  type LogFramesAnswer,
  type LogSession,
  type LoggingFrame,
} from '../../src/shared/api/logging';
import { createObjectId } from '../../src/shared/format/objectId';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const VIN_A = 'WVWZZZAUZKW200001';
const VIN_B = 'WVWZZZAUZKW200002';
const T0 = Date.UTC(2026, 2, 1, 10, 0, 0);
const at = (ms: number) => new Date(T0 + ms).toISOString();
const frame = (vin: string, ms: number, rpm: number, extra: Record<string, number> = {}): LoggingFrame => ({
  timestamp: at(ms),
  vin,
  data: { engineSpeed: rpm, boost: (ms % 7) / 10, ...extra },
});

/** The sessions the frames make, derived the plain way: per VIN in time order, a gap over 60 s splits. */
function expected(frames: LoggingFrame[]): Omit<LogSession, 'id'>[] {
  const out: Omit<LogSession, 'id'>[] = [];
  const byVin = new Map<string, LoggingFrame[]>();
  for (const f of frames) byVin.set(f.vin, [...(byVin.get(f.vin) ?? []), f]);
  for (const [vin, list] of byVin) {
    list.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
    let current: Omit<LogSession, 'id'> | undefined;
    for (const f of list) {
      const t = Date.parse(f.timestamp);
      if (!current || t - Date.parse(current.end) > LOGGING_SESSION_GAP_MS) {
        current = { vin, start: f.timestamp, end: f.timestamp, frames: 0, max: {}, min: {} };
        out.push(current);
      }
      current.end = f.timestamp;
      current.frames++;
      for (const [key, value] of Object.entries(f.data)) {
        if (!(current.max[key] >= value)) current.max[key] = value;
        if (!(current.min[key] <= value)) current.min[key] = value;
      }
    }
  }
  return out.sort((a, b) => Date.parse(b.start) - Date.parse(a.start) || a.vin.localeCompare(b.vin));
}

describe('logging sessions from the stored summary', () => {
  let t: TestApp;
  let admin: string;
  const all: LoggingFrame[] = [];
  const post = async (frames: LoggingFrame[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGGING_URLS.createEntry,
      headers: t.auth(admin),
      payload: { frames },
    });
    expect(res.statusCode, res.body).toBe(200);
    all.push(...frames);
  };
  const sessionsOf = async (app: App = t.app) => {
    const res = await app.inject({ method: 'GET', url: LOGGING_URLS.sessions, headers: t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { sessions: LogSession[] }).sessions;
  };
  const plain = (sessions: LogSession[]) => sessions.map(({ id: _id, ...rest }) => rest);
  const columnsOf = async (id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${LOGGING_URLS.frames}?session=${encodeURIComponent(id)}`,
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LogFramesAnswer;
  };
  /** The frames answer matches the session's frames, in time order. */
  const checkColumns = async (session: LogSession) => {
    const answer = await columnsOf(session.id);
    const mine = all
      .filter((f) => f.vin === session.vin && f.timestamp >= session.start && f.timestamp <= session.end)
      .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
    expect(answer.session).toEqual(session);
    expect(answer.time).toEqual(mine.map((f) => Date.parse(f.timestamp) / 1000));
    for (const key of Object.keys(session.max))
      expect(answer.columns[key], key).toEqual(mine.map((f) => f.data[key] ?? null));
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('splits at gaps with frames arriving in several batches, out of order, for several VINs', async () => {
    // Three runs of VIN A (0-20 s, 100-110 s, 300 s) and one of VIN B, sent in shuffled batches.
    const frames = [
      ...Array.from({ length: 41 }, (_, i) => frame(VIN_A, i * 500, 1000 + i * 10)),
      ...Array.from({ length: 21 }, (_, i) => frame(VIN_A, 100_000 + i * 500, 4000 - i)),
      frame(VIN_A, 300_000, 800, { latitude: 47.5 }),
      ...Array.from({ length: 30 }, (_, i) => frame(VIN_B, 50_000 + i * 1000, 2000 + (i % 4))),
    ];
    const order = frames.map((f, i) => ({ f, k: (i * 7919) % frames.length })).sort((a, b) => a.k - b.k);
    for (let i = 0; i < order.length; i += 17) {
      await post(order.slice(i, i + 17).map((entry) => entry.f));
      if (i % 34 === 0) expect(plain(await sessionsOf())).toEqual(expected(all));
    }
    const sessions = await sessionsOf();
    expect(plain(sessions)).toEqual(expected(all));
    expect(sessions.filter((s) => s.vin === VIN_A).map((s) => s.frames)).toEqual([1, 21, 41]);
    expect(sessions.find((s) => s.frames === 41)!.max).toEqual({ engineSpeed: 1400, boost: 0.6 });
    expect(sessions.find((s) => s.frames === 41)!.min).toEqual({ engineSpeed: 1000, boost: 0 });
    for (const session of sessions) await checkColumns(session);
  });

  it('merges two sessions when late frames bridge the gap, and a late frame inside a session joins it', async () => {
    // 20.5 s and 100 s: frames at 60 s and 80 s close the gap (each step at most 60 s).
    await post([frame(VIN_A, 60_000, 9000, { coolantTemp: 95 })]);
    expect(plain(await sessionsOf())).toEqual(expected(all));
    await post([frame(VIN_A, 5_250, 5555)]);
    const sessions = await sessionsOf();
    expect(plain(sessions)).toEqual(expected(all));
    const merged = sessions.find((s) => s.vin === VIN_A && s.start === at(0))!;
    expect(merged).toMatchObject({ end: at(110_000), frames: 41 + 21 + 2 });
    expect(merged.max).toEqual({ engineSpeed: 9000, boost: 0.6, coolantTemp: 95 });
    // The late frame's chunk lies inside another: read from the frames, then the chunks are written anew in order.
    await checkColumns(merged);
    expect(plain(await sessionsOf())).toEqual(expected(all));
    const overlapping = await t.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM logging_chunk a JOIN logging_chunk b
          ON a.vin = b.vin AND a.id <> b.id AND a.t_from < b.t_from AND a.t_to > b.t_from`,
    );
    expect(overlapping.rows[0].n).toBe(0);
    await checkColumns(merged);
  });

  it('takes a deleted frame out: the session splits at the gap it leaves, maxima and counts follow', async () => {
    const stored = (await t.app.services.documents.find(SYSTEM, 'loggingFrame', { limit: 1000 })).results;
    const bridge = stored.find((doc) => doc.vin === VIN_A && doc.timestamp === at(60_000))!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=loggingFrame&id=${bridge._id as string}`,
      headers: t.auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    all.splice(
      all.findIndex((f) => f.vin === VIN_A && f.timestamp === at(60_000)),
      1,
    );
    const sessions = await sessionsOf();
    expect(plain(sessions)).toEqual(expected(all));
    const first = sessions.find((s) => s.vin === VIN_A && s.start === at(0))!;
    expect(first).toMatchObject({ end: at(20_000), frames: 42 });
    expect(first.max.engineSpeed).toBe(5555);
    expect(first.max.coolantTemp).toBeUndefined();
    for (const session of sessions) await checkColumns(session);
  });

  it("keeps each key's minimum next to its maximum: knock retard (≤ 0) keeps its worst, most negative value", async () => {
    const knock = (i: number) => (i === 7 ? -1.5 : i === 3 ? -0.3 : 0);
    await post(
      Array.from({ length: 12 }, (_, i) =>
        frame(VIN_B, 1_800_000 + i * 50, 3000, { knockCyl1: knock(i), knockCyl2: 0, knockAverage: knock(i) / 2 }),
      ),
    );
    const sessions = await sessionsOf();
    expect(plain(sessions)).toEqual(expected(all));
    const session = sessions.find((s) => s.vin === VIN_B && s.start === at(1_800_000))!;
    expect(session.max).toMatchObject({ knockCyl1: 0, knockCyl2: 0, knockAverage: 0 });
    expect(session.min).toMatchObject({ knockCyl1: -1.5, knockCyl2: 0, knockAverage: -0.75 });
    // A later batch merged into the session keeps the smaller minimum; the frames answer carries it too.
    await post([frame(VIN_B, 1_800_000 + 12 * 50, 3000, { knockCyl1: -0.5, knockCyl2: -2 })]);
    const merged = (await sessionsOf()).find((s) => s.id === session.id)!;
    expect(merged.min).toMatchObject({ knockCyl1: -1.5, knockCyl2: -2 });
    await checkColumns(merged);
  });

  it('reads a summary of version 1 (maxima only): the minima are added and every session summarised again', async () => {
    for (const statement of [
      'ALTER TABLE logging_session DROP COLUMN min',
      'ALTER TABLE logging_pending DROP COLUMN min',
      'UPDATE logging_state SET version = 1',
    ])
      await t.db.query(new Sql([statement], []));
    const again = await buildApp({ logger: false, db: t.db, config: { ...t.app.services.config } });
    try {
      const sessions = await sessionsOf(again);
      expect(plain(sessions)).toEqual(expected(all));
      expect(sessions.find((s) => s.vin === VIN_B && s.start === at(1_800_000))!.min.knockCyl1).toBe(-1.5);
    } finally {
      await again.close();
    }
  });

  it('summarises frames of any insert path: a bulk INSERT, and frames stored before the summary existed', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: createObjectId(),
      doc: frame(VIN_B, 3_600_000 + i * 50, 3000 + i),
    }));
    await t.db.query(sql`INSERT INTO ${table('loggingFrame')} (_id, doc)
      SELECT r->>'id', r->'doc' FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS r`);
    all.push(...rows.map((row) => row.doc));
    expect(plain(await sessionsOf())).toEqual(expected(all));
    // A restart after the summary's tables were dropped (an older version): summarised again from the frames.
    for (const name of ['logging_session', 'logging_pending', 'logging_chunk_column', 'logging_chunk', 'logging_state'])
      await t.db.query(new Sql([`DROP TABLE ${name} CASCADE`], []));
    const again = await buildApp({ logger: false, db: t.db, config: { ...t.app.services.config } });
    try {
      const sessions = await sessionsOf(again);
      expect(plain(sessions)).toEqual(expected(all));
    } finally {
      await again.close();
    }
  });

  it('a second app process on the same database sees the same sessions, also when both refresh at once', async () => {
    const url = process.env.DATABASE_URL;
    // With PostgreSQL a second pool (another process's connections); with PGlite the same database.
    const db = url ? await openPostgres((t.db as PostgresDatabase).connectionString, { max: 4 }) : t.db;
    const second = await buildApp({ logger: false, db, config: { ...t.app.services.config } });
    try {
      expect(await sessionsOf(second)).toEqual(await sessionsOf());
      for (let round = 0; round < 3; round++) {
        const batch = Array.from({ length: 20 }, (_, i) => frame(VIN_A, 7_200_000 + round * 90_000 + i * 50, 100 + i));
        await post(batch);
        const [a, b] = await Promise.all([sessionsOf(), sessionsOf(second)]);
        expect(plain(a)).toEqual(expected(all));
        expect(b).toEqual(a);
      }
    } finally {
      await second.close();
      if (url) await db.close();
    }
  });
});
