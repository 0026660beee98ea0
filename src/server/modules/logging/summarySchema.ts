import { LOGGING_SESSION_GAP_MS } from '../../../shared/api/logging';
import type { Database, Queryable } from '../../db/database';
import { Sql, sql } from '../../db/sql';
import { tableName } from '../../db/tables';

/**
 * The stored side of logging sessions (issue 11, the Logs screen with 100,000 frames). The frames stay
 * the source of truth; everything here is derived from them and rebuilt from them when in doubt.
 *
 * - `logging_chunk` (+ `logging_chunk_column`): the frames of one insert statement and one VIN, split
 *   at gaps, in columns as JSON text (`time`: seconds since the epoch; one comma-separated list per data
 *   key), so a session's chart answer is a concatenation instead of a scan of its documents.
 * - `logging_pending`: what the summary has not taken in yet: each new chunk's span, count, maxima and
 *   minima (kind `frames`), or a span of one VIN whose frames changed or were deleted (kind `changed`).
 * - `logging_session`: the sessions (vin, start, end, count, maxima and minima per data key), merged from
 *   the pending rows by `refreshSummary` (summary.ts).
 *
 * Version 2 added the minima (knock retard is ≤ 0: its worst is the smallest value). A database of
 * version 1 gets the columns and is summarised again from its frames on start (migrateSummary).
 *
 * Triggers on the frames table write the chunks and pending rows in the inserting transaction, for
 * every insert path (createEntry, a bulk INSERT, COPY): they commit with the frames, so whoever sees a
 * frame sees its pending row. A statement-level trigger reads the inserted rows once (a transition table).
 */
export const SUMMARY_VERSION = 2;

const frames = tableName('loggingFrame');
const GAP = `interval '${LOGGING_SESSION_GAP_MS / 1000} seconds'`;

/**
 * The statement (text) that writes the chunks, their columns and the pending rows of the live frames of
 * `source` (a relation with the frames table's columns) for these data keys: one chunk per VIN and run
 * of frames without a gap over 60 s, one aggregate per key over the run (cheaper than a row per frame
 * and key). Frames are ordered by time, then id: one order for the time list and every column. A key
 * without a number in a chunk is not stored (a missing column reads as nulls).
 */
const CHUNK_SQL_FUNCTION = `CREATE OR REPLACE FUNCTION logging_chunk_sql(keys text[], source text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$
    WITH f AS (
      SELECT _id, doc->>'vin' AS vin, (doc->>'timestamp')::timestamptz AS ts, doc->'data' AS data
      FROM %1$s AS s WHERE deleted_at IS NULL AND doc->>'vin' IS NOT NULL AND doc->>'timestamp' IS NOT NULL
    ), m AS (
      SELECT *, CASE WHEN ts - lag(ts) OVER (PARTITION BY vin ORDER BY ts, _id) <= ${GAP} THEN 0 ELSE 1 END AS starts
      FROM f
    ), n AS MATERIALIZED (
      SELECT vin, ts, data,
        sum(starts) OVER (PARTITION BY vin ORDER BY ts, _id ROWS UNBOUNDED PRECEDING) AS part,
        row_number() OVER (PARTITION BY vin ORDER BY ts, _id) AS rn
      FROM m
    ), parts AS MATERIALIZED (
      SELECT vin, part, min(ts) AS t_from, max(ts) AS t_to, count(*)::int AS frames,
        string_agg((extract(epoch FROM ts)::float8)::text, ',' ORDER BY rn) AS time,
        ARRAY[%2$s]::text[] AS vals, ARRAY[%3$s]::numeric[] AS tops, ARRAY[%4$s]::numeric[] AS lows
      FROM n GROUP BY vin, part
    ), chunks AS (
      INSERT INTO logging_chunk (vin, t_from, t_to, frames, time)
      SELECT vin, t_from, t_to, frames, time FROM parts RETURNING id, vin, t_from
    ), cols AS MATERIALIZED (
      SELECT p.vin, p.t_from, u.key, u.val, u.top, u.low
      FROM parts p, unnest($1::text[], p.vals, p.tops, p.lows) AS u(key, val, top, low) WHERE u.top IS NOT NULL
    ), stored AS (
      INSERT INTO logging_chunk_column (chunk, key, vals)
      SELECT c.id, cols.key, cols.val FROM cols JOIN chunks c USING (vin, t_from)
    )
    INSERT INTO logging_pending (kind, vin, t_from, t_to, frames, max, min)
    SELECT 'frames', p.vin, p.t_from, p.t_to, p.frames,
      coalesce((SELECT jsonb_object_agg(c.key, c.top) FROM cols c WHERE c.vin = p.vin AND c.t_from = p.t_from), '{}'),
      coalesce((SELECT jsonb_object_agg(c.key, c.low) FROM cols c WHERE c.vin = p.vin AND c.t_from = p.t_from), '{}')
    FROM parts p
  $q$, source,
    coalesce((SELECT string_agg(format('string_agg(coalesce((data->%L)::text, ''null''), '','' ORDER BY rn)', k), ', ')
              FROM unnest(keys) AS k), ''),
    coalesce((SELECT string_agg(format('max(CASE WHEN jsonb_typeof(data->%1$L) = ''number'' THEN (data->%1$L)::numeric END)', k), ', ')
              FROM unnest(keys) AS k), ''),
    coalesce((SELECT string_agg(format('min(CASE WHEN jsonb_typeof(data->%1$L) = ''number'' THEN (data->%1$L)::numeric END)', k), ', ')
              FROM unnest(keys) AS k), ''))
  $fn$`;

/** PL/pgSQL that runs the chunk statement over `source` (the keys first: those of its live frames). */
const runChunks = (source: string) => `
    EXECUTE format($k$SELECT coalesce(array_agg(DISTINCT k), '{}') FROM %s AS s,
      jsonb_object_keys(CASE WHEN jsonb_typeof(doc->'data') = 'object' THEN doc->'data' ELSE '{}' END) AS k
      WHERE deleted_at IS NULL$k$, ${source}) INTO keys;
    EXECUTE logging_chunk_sql(keys, ${source}) USING keys`;

/** The spans (per VIN) of rows whose document or liveness an UPDATE changed. */
const changedStatement = `
  INSERT INTO logging_pending (kind, vin, t_from, t_to)
  SELECT 'changed', vin, min(ts), max(ts) FROM (
    SELECT o.doc->>'vin' AS vin, (o.doc->>'timestamp')::timestamptz AS ts
    FROM old_rows o LEFT JOIN new_rows n USING (_id)
    WHERE n._id IS NULL OR o.doc IS DISTINCT FROM n.doc OR (o.deleted_at IS NULL) <> (n.deleted_at IS NULL)
    UNION ALL
    SELECT n.doc->>'vin', (n.doc->>'timestamp')::timestamptz
    FROM new_rows n LEFT JOIN old_rows o USING (_id)
    WHERE o._id IS NULL OR o.doc IS DISTINCT FROM n.doc OR (o.deleted_at IS NULL) <> (n.deleted_at IS NULL)
  ) x WHERE vin IS NOT NULL AND ts IS NOT NULL GROUP BY vin`;

const TABLES = [
  `CREATE TABLE IF NOT EXISTS logging_state (id int PRIMARY KEY, version int NOT NULL, revision bigint NOT NULL DEFAULT 0)`,
  `CREATE TABLE IF NOT EXISTS logging_session (
    vin text NOT NULL, start timestamptz NOT NULL, "end" timestamptz NOT NULL, frames int NOT NULL,
    max jsonb NOT NULL, min jsonb NOT NULL DEFAULT '{}', revision bigint NOT NULL, PRIMARY KEY (vin, start)
  )`,
  `CREATE INDEX IF NOT EXISTS logging_session_start ON logging_session (start)`,
  `CREATE TABLE IF NOT EXISTS logging_chunk (
    id bigserial PRIMARY KEY, vin text NOT NULL, t_from timestamptz NOT NULL, t_to timestamptz NOT NULL,
    frames int NOT NULL, time text NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS logging_chunk_span ON logging_chunk (vin, t_from)`,
  `CREATE TABLE IF NOT EXISTS logging_chunk_column (
    chunk bigint NOT NULL REFERENCES logging_chunk (id) ON DELETE CASCADE, key text NOT NULL, vals text NOT NULL,
    PRIMARY KEY (chunk, key)
  )`,
  `CREATE TABLE IF NOT EXISTS logging_pending (
    id bigserial PRIMARY KEY, kind text NOT NULL, vin text NOT NULL, t_from timestamptz NOT NULL,
    t_to timestamptz NOT NULL, frames int NOT NULL DEFAULT 0, max jsonb, min jsonb
  )`,
  `CREATE INDEX IF NOT EXISTS logging_frame_vin_time ON ${frames} ((doc->>'vin'), (doc->>'timestamp'))
    WHERE deleted_at IS NULL`,
];

/** Run when the stored version is another one (tables of version 1 have no minima); the rows are derived again after. */
const UPGRADES = [
  `ALTER TABLE logging_session ADD COLUMN IF NOT EXISTS min jsonb NOT NULL DEFAULT '{}'`,
  `ALTER TABLE logging_pending ADD COLUMN IF NOT EXISTS min jsonb`,
];

const FUNCTIONS = [
  CHUNK_SQL_FUNCTION,
  `CREATE OR REPLACE FUNCTION logging_frames_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE keys text[];
  BEGIN
    ${runChunks(`'new_rows'`)};
    RETURN NULL;
  END $fn$`,
  `CREATE OR REPLACE FUNCTION logging_frames_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    ${changedStatement};
    RETURN NULL;
  END $fn$`,
  `CREATE OR REPLACE FUNCTION logging_frames_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    INSERT INTO logging_pending (kind, vin, t_from, t_to)
    SELECT 'changed', doc->>'vin', min((doc->>'timestamp')::timestamptz), max((doc->>'timestamp')::timestamptz)
    FROM old_rows WHERE deleted_at IS NULL AND doc->>'vin' IS NOT NULL AND doc->>'timestamp' IS NOT NULL
    GROUP BY doc->>'vin';
    RETURN NULL;
  END $fn$`,
  `CREATE OR REPLACE FUNCTION logging_frames_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    DELETE FROM logging_chunk;
    DELETE FROM logging_pending;
    DELETE FROM logging_session;
    RETURN NULL;
  END $fn$`,
  `CREATE OR REPLACE FUNCTION logging_rebuild(p_vin text, p_from text, p_to text) RETURNS void LANGUAGE plpgsql AS $fn$
  DECLARE keys text[];
  BEGIN
    ${runChunks(
      `format('(SELECT * FROM ${frames} WHERE deleted_at IS NULL AND doc->>''vin'' = %L AND doc->>''timestamp'' >= %L AND doc->>''timestamp'' <= %L)', p_vin, p_from, p_to)`,
    )};
  END $fn$`,
  `CREATE OR REPLACE TRIGGER logging_frames_inserted AFTER INSERT ON ${frames}
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logging_frames_inserted()`,
  `CREATE OR REPLACE TRIGGER logging_frames_updated AFTER UPDATE ON ${frames}
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION logging_frames_updated()`,
  `CREATE OR REPLACE TRIGGER logging_frames_deleted AFTER DELETE ON ${frames}
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION logging_frames_deleted()`,
  `CREATE OR REPLACE TRIGGER logging_frames_truncated AFTER TRUNCATE ON ${frames}
    FOR EACH STATEMENT EXECUTE FUNCTION logging_frames_truncated()`,
];

/**
 * Creates the summary's tables, functions and triggers when missing or of another SUMMARY_VERSION
 * (then the derived rows are dropped and every VIN's frames are marked to be summarised again, as
 * they are on the first start with frames stored before the summary existed). One transaction under
 * an advisory lock: processes starting together do it once.
 */
export async function migrateSummary(db: Database): Promise<void> {
  const run = (tx: Queryable, text: string) => tx.query(new Sql([text], []));
  await db.transaction(async (tx) => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext('baukasten.logging-summary'))`);
    for (const statement of TABLES) await run(tx, statement);
    const { rows } = await tx.query<{ version: number | null; triggers: number | string }>(
      sql`SELECT (SELECT version FROM logging_state WHERE id = 1) AS version,
            (SELECT count(*) FROM pg_trigger WHERE tgrelid = ${frames}::regclass AND tgname LIKE 'logging_frames_%') AS triggers`,
    );
    if (rows[0].version === SUMMARY_VERSION && Number(rows[0].triggers) === 4) return;
    for (const statement of [...UPGRADES, ...FUNCTIONS]) await run(tx, statement);
    for (const derived of ['logging_chunk', 'logging_pending', 'logging_session'])
      await run(tx, `DELETE FROM ${derived}`);
    await run(
      tx,
      `INSERT INTO logging_pending (kind, vin, t_from, t_to)
       SELECT 'changed', doc->>'vin', min((doc->>'timestamp')::timestamptz), max((doc->>'timestamp')::timestamptz)
       FROM ${frames} WHERE deleted_at IS NULL AND doc->>'vin' IS NOT NULL AND doc->>'timestamp' IS NOT NULL
       GROUP BY doc->>'vin'`,
    );
    await tx.query(
      sql`INSERT INTO logging_state (id, version) VALUES (1, ${SUMMARY_VERSION})
          ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version`,
    );
  });
}
