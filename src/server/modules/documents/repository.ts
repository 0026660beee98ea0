import type { Database, Queryable } from '../../db/database';
import { join, jsonKey, sql, TRUE, type Sql } from '../../db/sql';
import { columnExpression, fieldExpression, table } from '../../db/tables';
import type { ModelDoc } from '../../../shared/api/documents';
import type { ModelName } from '../../../shared/generated/schemas';
import type { ModelInfo } from '../../../shared/registry';
import type { Doc } from './service';

/** Rows of a model table come back as documents with the system fields filled in. */
export interface Row {
  _id: string;
  doc: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  version: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function rowToDoc(row: Row): Doc {
  const doc: Doc = {
    ...row.doc,
    _id: row._id,
    _createdAt: iso(row.created_at),
    _updatedAt: iso(row.updated_at),
    _version: row.version,
  };
  if (row.deleted_at) doc._deletedAt = iso(row.deleted_at);
  return doc;
}

export const COLUMNS = sql`_id, doc, created_at, updated_at, deleted_at, version`;

/** A row one update statement changed (one version bump), with its stored document from before it. */
type ChangedRow = Row & { previous: Record<string, unknown> };

const withPrevious = (row: ChangedRow): { doc: Doc; previous: Doc } => ({
  doc: rowToDoc(row),
  previous: rowToDoc({ ...row, doc: row.previous, version: row.version - 1 }),
});

/** The documents of a model a caller may read, as `readScope` (access.ts) describes them. */
export interface ReadScope {
  model: ModelInfo;
  /** Only documents whose owner field (`x-owner`) holds this user id. */
  ownerId?: string;
  /** Only documents whose `_read` list is missing, empty or shares one of these roles. */
  roles?: string[];
}

/**
 * Which rows a call sees, handed to the repository as data (the way Payload hands an abstract `where`
 * to its database adapter): the caller's read scope (none: every row, as the system sees them) and
 * whether soft-deleted rows count (by default they do not).
 */
export interface Scope {
  read?: ReadScope;
  deleted?: boolean;
}

/** Every row, soft-deleted ones included. */
export const EVERY_ROW: Scope = { deleted: true };
/** The live rows of every caller (the system's view: writes check the document they change). */
export const LIVE_ROWS: Scope = {};

/** The SQL of a scope; `where` (a translated query) is ANDed to it. */
function condition({ read, deleted }: Scope, where?: Sql): Sql {
  const parts: Sql[] = [];
  if (read?.ownerId !== undefined) {
    parts.push(sql`${columnExpression(read.model, read.model.owner ?? '_id', 'text')} = ${read.ownerId}`);
  }
  if (read?.roles) {
    const list = fieldExpression(['_read'], 'json');
    parts.push(
      sql`(${list} IS NULL OR jsonb_array_length(${list}) = 0 OR ${list} ?| ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(read.roles)}::jsonb)))`,
    );
  }
  if (!deleted) parts.push(sql`deleted_at IS NULL`);
  if (where) parts.push(where);
  return parts.length === 0 ? TRUE : parts.reduce((all, part) => sql`${all} AND ${part}`);
}

/**
 * Equality on top-level fields compared as text (null: absent or null), for the repository's own
 * lookups (logins, children of a folder); a field's derived column serves it where it has one.
 */
export type Match = Record<string, string | null>;

function matching(model: ModelInfo, match: Match): Sql | undefined {
  const parts = Object.entries(match).map(([field, value]) => {
    const column = columnExpression(model, field, 'text');
    return value === null ? sql`${column} IS NULL` : sql`${column} = ${value}`;
  });
  return parts.length === 0 ? undefined : join(parts, ' AND ');
}

/** A row for `bulkInsert`: the document, its id and when it was created (and last updated). */
export interface BulkRow {
  id: string;
  doc: Record<string, unknown>;
  createdAt: Date;
}

/** What a list call selects: a scope and, optionally, the translated query, filter and search. */
export interface RowSelection {
  scope: Scope;
  where?: Sql;
  /** Answer only these top-level fields of `doc` (the system columns always come): a list's columns. */
  fields?: readonly string[];
}

/** The columns of a row, with `doc` cut down to `fields` when given (in SQL: large documents never leave the database). */
function selectColumns(fields?: readonly string[]): Sql {
  if (!fields) return COLUMNS;
  return sql`_id, ${docOf(fields)} AS doc, created_at, updated_at, deleted_at, version`;
}

/** `doc`, cut down to `fields` when given (in SQL: large documents never leave the database). */
function docOf(fields?: readonly string[]): Sql {
  if (!fields) return sql`doc`;
  return sql`(SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(doc)
      WHERE key IN (SELECT jsonb_array_elements_text(${JSON.stringify(fields)}::jsonb)))`;
}

/** An ISO 8601 timestamp in UTC with milliseconds, as `Date#toISOString` writes it. */
const isoText = (column: Sql) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A row as the document `rowToDoc` makes of it, built by the database (`doc` cut down to `fields` when given). */
function documentJson(fields?: readonly string[]): Sql {
  return sql`${docOf(fields)} || jsonb_build_object('_id', _id, '_createdAt', ${isoText(sql`created_at`)},
      '_updatedAt', ${isoText(sql`updated_at`)}, '_version', version)
    || CASE WHEN deleted_at IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('_deletedAt', ${isoText(sql`deleted_at`)}) END`;
}

/** The related keys a listed document holds (its row's `doc`), as a set-returning expression of one column. */
function keysOf({ field, itemField }: RelatedSelection): Sql {
  const value = sql`doc->${jsonKey(field)}`;
  if (itemField)
    return sql`LATERAL (SELECT item->>${jsonKey(itemField)} FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} ELSE '[]'::jsonb END) AS item)`;
  return sql`jsonb_array_elements_text(CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} ELSE jsonb_build_array(${value}) END)`;
}

/** Related documents fetched with a page (populate): the targets of `field` (or `field[].itemField`) among the page's. */
export interface RelatedSelection {
  model: ModelInfo;
  /** The target's field the keys refer to (`_id` or a unique field). */
  key: string;
  field: string;
  itemField?: string;
  scope: Scope;
  fields?: readonly string[];
}

/** A listed page: its documents, the related documents per `RelatedSelection`, and the total when asked. */
export interface ListedPage {
  docs: Doc[];
  related: Doc[][];
  total?: number;
  estimated?: boolean;
}

/** Above this many matches the list total is the planner's estimate instead of an exact count. */
export const EXACT_TOTAL_LIMIT = 10_000;

/** How long a selection known to match more than EXACT_TOTAL_LIMIT documents is taken as large without counting. */
const LARGE_TOTAL_TTL_MS = 10_000;
const LARGE_TOTALS_KEPT = 500;

/**
 * Selections known to match more than EXACT_TOTAL_LIMIT documents, with the planner's estimate of
 * their total: a large list paged or refreshed within seconds neither counts its first 10,001
 * matches again nor asks the planner. Forgotten on every document change (in any process: the
 * change events fan out), so a total that falls below the limit is counted exactly again at once.
 */
class LargeTotals {
  private readonly entries = new Map<string, { estimate: number; until: number }>();

  static key(model: string, where: Sql): string {
    const { text, params } = where.compile();
    return `${model}\u0000${text}\u0000${JSON.stringify(params)}`;
  }

  get(key: string): number | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.estimate;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  set(key: string, estimate: number): void {
    this.entries.delete(key);
    if (this.entries.size >= LARGE_TOTALS_KEPT) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { estimate, until: Date.now() + LARGE_TOTAL_TTL_MS });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The only code that knows the SQL of model tables. */
export class DocumentRepository {
  constructor(
    private readonly q: Queryable,
    private readonly db?: Database,
    private readonly largeTotals = new LargeTotals(),
  ) {}

  /** A document changed (here or in another process): totals are counted again. */
  forgetTotals(): void {
    this.largeTotals.clear();
  }

  /** What this repository runs its SQL on (the database or one transaction): for modules with their own repository (files). */
  get queryable(): Queryable {
    return this.q;
  }

  /** Runs `fn` with a repository bound to one transaction. */
  transaction<T>(fn: (repo: DocumentRepository) => Promise<T>): Promise<T> {
    if (!this.db) return fn(this);
    return this.db.transaction((tx) => fn(new DocumentRepository(tx, undefined, this.largeTotals)));
  }

  /** A known model's document comes typed (its generated type). */
  findById<M extends ModelName>(model: M, id: string, scope?: Scope): Promise<ModelDoc<M> | undefined>;
  findById(model: string, id: string, scope?: Scope): Promise<Doc | undefined>;
  async findById(model: string, id: string, scope: Scope = EVERY_ROW): Promise<Doc | undefined> {
    const { rows } = await this.q.query<Row>(
      sql`SELECT ${COLUMNS} FROM ${table(model)} WHERE _id = ${id} AND ${condition(scope)}`,
    );
    return rows[0] && rowToDoc(rows[0]);
  }

  /**
   * The live documents of `ids`, their rows locked until the transaction ends (`FOR UPDATE`): another
   * transaction locking or writing one of them waits for this one to commit, and then reads what it wrote.
   * Locked in id order, so two transactions locking overlapping sets wait for each other, never deadlock.
   * (PGlite runs one transaction at a time: there the lock costs nothing and changes nothing.)
   */
  async lockLive(model: string, ids: readonly string[]): Promise<Doc[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.q.query<Row>(
      sql`SELECT ${COLUMNS} FROM ${table(model)} WHERE _id = ANY(${[...ids]}::text[]) AND deleted_at IS NULL
          ORDER BY _id FOR UPDATE`,
    );
    return rows.map(rowToDoc);
  }

  /** The first document that matches (no order: for unique fields such as a login). */
  async findOne(model: ModelInfo, match: Match, scope: Scope): Promise<Doc | undefined> {
    const { rows } = await this.q.query<Row>(
      sql`SELECT ${COLUMNS} FROM ${table(model.name)} WHERE ${condition(scope, matching(model, match))} LIMIT 1`,
    );
    return rows[0] && rowToDoc(rows[0]);
  }

  /**
   * The document holding `value` in a unique field (`x-unique`): for an `ignoreCase` field regardless of
   * letter case (served by its unique index on the lower-cased value), an exact match first.
   */
  async findByUnique(model: ModelInfo, field: string, value: string, scope: Scope): Promise<Doc | undefined> {
    const info = model.fields.find((f) => f.name === field);
    if (!info?.unique) throw new Error(`${model.name}.${field} is not unique`);
    const column = columnExpression(model, field, 'text');
    if (!info.uniqueIgnoreCase) return this.findOne(model, { [field]: value }, scope);
    // Before migration could make the index case-insensitive, two live values may differ only in case.
    const { rows } = await this.q.query<Row>(
      sql`SELECT ${COLUMNS} FROM ${table(model.name)} WHERE ${condition(scope, sql`lower(${column}) = lower(${value})`)}
        ORDER BY (${column} = ${value}) DESC LIMIT 1`,
    );
    return rows[0] && rowToDoc(rows[0]);
  }

  /** Every document in the scope, unordered: for small tables read whole (roles). */
  async findAll(model: string, scope: Scope): Promise<Doc[]> {
    const { rows } = await this.q.query<Row>(sql`SELECT ${COLUMNS} FROM ${table(model)} WHERE ${condition(scope)}`);
    return rows.map(rowToDoc);
  }

  /** Does any document match? */
  async exists(model: ModelInfo, match: Match, scope: Scope): Promise<boolean> {
    const { rows } = await this.q.query<{ found: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM ${table(model.name)} WHERE ${condition(scope, matching(model, match))}) AS found`,
    );
    return rows[0]?.found === true;
  }

  /** How many documents the scope holds (exact, a full count: for small tables such as the file store's). */
  async count(model: string, scope: Scope): Promise<number> {
    const { rows } = await this.q.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${table(model)} WHERE ${condition(scope)}`,
    );
    return rows[0]?.n ?? 0;
  }

  /** The sum of a top-level number field over the scope (0 when nothing matches). */
  async sum(model: string, field: string, scope: Scope): Promise<number> {
    const { rows } = await this.q.query<{ total: string | number | null }>(
      sql`SELECT COALESCE(sum(${fieldExpression([field], 'number')}), 0) AS total FROM ${table(model)} WHERE ${condition(scope)}`,
    );
    return Number(rows[0]?.total ?? 0);
  }

  /** Ids of at most `limit` documents in the scope, unordered (the seed picks clients and users). */
  async someIds(model: string, scope: Scope, limit: number): Promise<string[]> {
    const { rows } = await this.q.query<{ _id: string }>(
      sql`SELECT _id FROM ${table(model)} WHERE ${condition(scope)} LIMIT ${limit}`,
    );
    return rows.map((row) => row._id);
  }

  /** Which of `ids` have a row in the scope. */
  async existingIds(model: string, ids: string[], scope: Scope): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.q.query<{ _id: string }>(
      sql`SELECT _id FROM ${table(model)}
          WHERE _id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))) AND ${condition(scope)}`,
    );
    return new Set(rows.map((row) => row._id));
  }

  /**
   * Sets a number field of one document to how many live rows of `sources` match, in one statement
   * (self-healing, no version bump: the field is read-only, the server's own).
   */
  async recount(
    target: { model: string; id: string; field: string },
    sources: { model: ModelInfo; match: Match }[],
  ): Promise<void> {
    const counts = sources.map(
      ({ model, match }) =>
        sql`(SELECT count(*) FROM ${table(model.name)} WHERE ${condition(LIVE_ROWS, matching(model, match))})`,
    );
    const total = counts.reduce((sum, count) => sql`${sum} + ${count}`);
    await this.q.query(
      sql`UPDATE ${table(target.model)} SET doc = jsonb_set(doc, ARRAY[${target.field}::text], to_jsonb(${total}))
          WHERE _id = ${target.id}`,
    );
  }

  /**
   * Moves the path fields (`_tree`: ancestor ids, `_pathSegments`, `_path`) of every live document
   * below `ancestorId` after it was renamed or moved to `tree`/`segments`: one statement, a version
   * bump per row. Answers the changed documents, each with what it was before (for the events
   * announcing them).
   */
  async rebaseTree(
    model: string,
    ancestorId: string,
    tree: string[],
    segments: string[],
  ): Promise<{ doc: Doc; previous: Doc }[]> {
    const t = table(model);
    const { rows } = await this.q.query<ChangedRow>(sql`
      WITH moved AS (
        SELECT _id, pos, doc FROM ${t}, LATERAL (
          SELECT (ord - 1)::int AS pos FROM jsonb_array_elements_text(doc->'_tree') WITH ORDINALITY AS t(id, ord) WHERE id = ${ancestorId}
        ) found
        WHERE doc->'_tree' @> ${JSON.stringify([ancestorId])}::jsonb AND ${condition(LIVE_ROWS)}
      ), rebuilt AS (
        SELECT _id, doc AS previous,
          ${JSON.stringify([...tree, ancestorId])}::jsonb || COALESCE((SELECT jsonb_agg(e ORDER BY i) FROM jsonb_array_elements(doc->'_tree') WITH ORDINALITY AS x(e, i) WHERE i > pos + 1), '[]'::jsonb) AS tree,
          ${JSON.stringify(segments)}::jsonb || COALESCE((SELECT jsonb_agg(e ORDER BY i) FROM jsonb_array_elements(doc->'_pathSegments') WITH ORDINALITY AS x(e, i) WHERE i > pos + 1), '[]'::jsonb) AS segments
        FROM moved
      )
      UPDATE ${t} t SET
        doc = t.doc || jsonb_build_object('_tree', r.tree, '_pathSegments', r.segments,
          '_path', '/' || (SELECT string_agg(s, '/' ORDER BY i) FROM jsonb_array_elements_text(r.segments) WITH ORDINALITY AS y(s, i))),
        updated_at = now(), version = t.version + 1
      FROM rebuilt r WHERE t._id = r._id
      RETURNING t._id, t.doc, t.created_at, t.updated_at, t.deleted_at, t.version, r.previous`);
    return rows.map(withPrevious);
  }

  /**
   * Carries a change of an ancestor's role list (`_read` or `_write`) from `before` to `after` down to
   * every document below `ancestorId` (by `_tree`, deleted ones too): a document whose list was the
   * ancestor's old one (as a set; missing counts as empty) takes the new one; a document with a list
   * of its own keeps it while it lets in no one the new list keeps out (`within`), otherwise it takes
   * the new list too. `open`: the new list lets everyone in; `alwaysIn`: roles every list lets in.
   * One statement, a version bump per changed row. Answers the changed documents, each with what it
   * was before (for the events announcing them).
   */
  async narrowListBelow(
    model: string,
    ancestorId: string,
    field: '_read' | '_write',
    change: { before: string[]; after: string[]; open: boolean; alwaysIn: readonly string[]; everyone: string },
  ): Promise<{ doc: Doc; previous: Doc }[]> {
    const t = table(model);
    const before = JSON.stringify(change.before);
    const after = JSON.stringify(change.after);
    const item = sql`(CASE WHEN jsonb_typeof(doc->${field}::text) = 'array' THEN doc->${field}::text ELSE '[]'::jsonb END)`;
    const follows = sql`(${item} @> ${before}::jsonb AND ${before}::jsonb @> ${item})`;
    const within = change.open
      ? TRUE
      : sql`(jsonb_array_length(${item}) > 0 AND NOT ${item} @> ${JSON.stringify([change.everyone])}::jsonb
             AND ${JSON.stringify([...change.after, ...change.alwaysIn])}::jsonb @> ${item})`;
    const next = sql`(CASE WHEN ${follows} OR NOT ${within} THEN ${after}::jsonb ELSE ${item} END)`;
    const below = sql`doc->'_tree' @> ${JSON.stringify([ancestorId])}::jsonb`;
    // The statement's snapshot: `stored` holds the documents as they were before this update.
    const { rows } = await this.q.query<ChangedRow>(sql`
      WITH stored AS (SELECT _id, doc FROM ${t} WHERE ${below})
      UPDATE ${t} SET doc = jsonb_set(doc, ARRAY[${field}::text], ${next}), updated_at = now(), version = version + 1
      WHERE ${below} AND ${next} <> ${item}
      RETURNING ${COLUMNS}, (SELECT stored.doc FROM stored WHERE stored._id = ${t}._id) AS previous`);
    return rows.map(withPrevious);
  }

  /**
   * Gives every document of `model` whose role list `field` lets in someone the list of one of its
   * ancestors (by `_tree`, rows of `folderModel`) keeps out the list of the nearest such ancestor,
   * deleted rows too. Answers how many rows changed: ancestors of the same model fixed in this pass
   * count only in the next one, so a caller repeats it until none change.
   */
  async narrowToAncestors(
    model: string,
    folderModel: string,
    field: '_read' | '_write',
    roles: { alwaysIn: readonly string[]; everyone: string },
  ): Promise<number> {
    const everyone = JSON.stringify([roles.everyone]);
    const { rows } = await this.q.query<{ _id: string }>(sql`
      WITH lists AS (
        SELECT item._id, anc.ord,
          CASE WHEN jsonb_typeof(item.doc->${field}::text) = 'array' THEN item.doc->${field}::text ELSE '[]'::jsonb END AS own,
          CASE WHEN jsonb_typeof(folder.doc->${field}::text) = 'array' THEN folder.doc->${field}::text ELSE '[]'::jsonb END AS above
        FROM ${table(model)} item
        CROSS JOIN LATERAL jsonb_array_elements_text(
          CASE WHEN jsonb_typeof(item.doc->'_tree') = 'array' THEN item.doc->'_tree' ELSE '[]'::jsonb END
        ) WITH ORDINALITY AS anc(id, ord)
        JOIN ${table(folderModel)} folder ON folder._id = anc.id
      ), wider AS (
        SELECT DISTINCT ON (_id) _id, above FROM lists
        WHERE NOT (jsonb_array_length(above) = 0 OR above @> ${everyone}::jsonb
          OR (jsonb_array_length(own) > 0 AND NOT own @> ${everyone}::jsonb
              AND (above || ${JSON.stringify(roles.alwaysIn)}::jsonb) @> own))
        ORDER BY _id, ord DESC
      )
      UPDATE ${table(model)} t SET doc = jsonb_set(t.doc, ARRAY[${field}::text], w.above),
        updated_at = now(), version = t.version + 1
      FROM wider w WHERE t._id = w._id
      RETURNING t._id`);
    return rows.length;
  }

  /**
   * Inserts many prepared documents in one statement (one parameter: a JSON array), bypassing the
   * document operations: only for bulk loads (seed, benchmarks) that validate a sample themselves.
   */
  async bulkInsert(model: string, rows: BulkRow[]): Promise<void> {
    if (rows.length === 0) return;
    const data = rows.map((row) => [row.id, row.doc, row.createdAt.toISOString()]);
    await this.q.query(sql`INSERT INTO ${table(model)} (_id, doc, created_at, updated_at)
      SELECT r->>0, r->1, (r->>2)::timestamptz, (r->>2)::timestamptz FROM jsonb_array_elements(${JSON.stringify(data)}::jsonb) AS r`);
  }

  /** Planner statistics and the visibility map after a bulk load (autovacuum would get there later). */
  async analyze(model: string): Promise<void> {
    await this.q.query(sql`VACUUM ANALYZE ${table(model)}`);
  }

  /**
   * A page of documents in one statement: the page's ids sorted and skipped first (a deferred join:
   * deep pages sort narrow rows, not whole documents), the documents built as JSON by the database
   * (one value to parse, not a row each), the capped count when `total` is asked, and the related
   * documents of `related` (populate) among the page's. A non-empty page past EXACT_TOTAL_LIMIT proves
   * the total is above it, so the count is skipped and the estimate answers.
   */
  async list(
    model: string,
    selection: RowSelection,
    orderBy: Sql,
    limit: number,
    offset: number,
    { total = false, related = [] }: { total?: boolean; related?: readonly RelatedSelection[] } = {},
  ): Promise<ListedPage> {
    const t = table(model);
    const where = condition(selection.scope, selection.where);
    const key = LargeTotals.key(model, where);
    const known = total ? this.largeTotals.get(key) : undefined;
    const counted = total && known === undefined && offset < EXACT_TOTAL_LIMIT;
    const relatedDocs = related.map(
      (r) => sql`(SELECT coalesce(jsonb_agg(${documentJson(r.fields)}), '[]'::jsonb) FROM ${table(r.model.name)}
        WHERE ${columnExpression(r.model, r.key, 'text')} = ANY(ARRAY(SELECT key FROM ids JOIN ${t} USING (_id), ${keysOf(r)} AS k(key)))
          AND ${condition(r.scope)})`,
    );
    const { rows } = await this.q.query<{ docs: Doc[]; n?: number; related: Doc[][] }>(
      sql`WITH ids AS (SELECT _id FROM ${t} WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset})
          SELECT (SELECT coalesce(jsonb_agg(${documentJson(selection.fields)} ORDER BY ${orderBy}), '[]'::jsonb) FROM ids JOIN ${t} USING (_id)) AS docs,
            ${relatedDocs.length ? sql`jsonb_build_array(${join(relatedDocs, ', ')})` : sql`'[]'::jsonb`} AS related
            ${counted ? sql`, (SELECT count(*)::int FROM (SELECT 1 FROM ${t} WHERE ${where} LIMIT ${EXACT_TOTAL_LIMIT + 1}) capped) AS n` : sql``}`,
    );
    const { docs, related: found, n } = rows[0];
    const listed = { docs, related: found };
    if (!total) return listed;
    if (known !== undefined)
      return { ...listed, total: Math.max(EXACT_TOTAL_LIMIT + 1, offset + docs.length, known), estimated: true };
    if (counted) {
      if (n! <= EXACT_TOTAL_LIMIT) return { ...listed, total: n!, estimated: false };
      return {
        ...listed,
        total: Math.max(EXACT_TOTAL_LIMIT + 1, await this.estimate(model, selection)),
        estimated: true,
      };
    }
    if (docs.length > 0)
      return {
        ...listed,
        total: Math.max(offset + docs.length, await this.estimate(model, selection)),
        estimated: true,
      };
    return { ...listed, ...(await this.total(model, selection)) };
  }

  /** Exact below EXACT_TOTAL_LIMIT matches; above it the planner's estimate (an exact count on large tables costs far more than the page). */
  async total(model: string, selection: RowSelection): Promise<{ total: number; estimated: boolean }> {
    const where = condition(selection.scope, selection.where);
    const { rows } = await this.q.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table(model)} WHERE ${where} LIMIT ${EXACT_TOTAL_LIMIT + 1}) capped`,
    );
    const exact = rows[0]?.n ?? 0;
    if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, estimated: false };
    return { total: Math.max(EXACT_TOTAL_LIMIT + 1, await this.estimate(model, selection)), estimated: true };
  }

  /** The planner's estimate of the matching rows (no scan), for a selection known to match more than EXACT_TOTAL_LIMIT. */
  async estimate(model: string, selection: RowSelection): Promise<number> {
    const where = condition(selection.scope, selection.where);
    const plan = await this.q.query<{ 'QUERY PLAN': unknown }>(
      sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table(model)} WHERE ${where}`,
    );
    const raw = plan.rows[0]?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    const estimate = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
    this.largeTotals.set(LargeTotals.key(model, where), estimate);
    return estimate;
  }

  /** Distinct values of an expression among matching documents (filter dropdowns), at most `limit`. */
  async distinct(model: string, expression: Sql, scope: Scope, limit: number): Promise<unknown[]> {
    const where = condition(scope);
    const { rows } = await this.q.query<{ value: unknown }>(
      sql`SELECT DISTINCT ${expression} AS value FROM ${table(model)} WHERE ${where} AND ${expression} IS NOT NULL ORDER BY 1 LIMIT ${limit}`,
    );
    return rows.map((r) => r.value);
  }

  /** Distinct elements of an array field among matching documents, at most `limit`. */
  async distinctElements(model: string, field: string, scope: Scope, limit: number): Promise<unknown[]> {
    const where = condition(scope);
    const { rows } = await this.q.query<{ value: unknown }>(
      sql`SELECT DISTINCT element AS value FROM ${table(model)}, jsonb_array_elements_text(CASE WHEN jsonb_typeof(doc->${jsonKey(field)}) = 'array' THEN doc->${jsonKey(field)} ELSE '[]'::jsonb END) AS element
          WHERE ${where} ORDER BY 1 LIMIT ${limit}`,
    );
    return rows.map((r) => r.value);
  }

  /**
   * The live documents of `model` that hold `value` at the place `steps` names (`roles.*`, `items.*.user`), who
   * refer to a document by a key of its own: how many (`total`) and the first `limit` of them by their label (`some`).
   */
  async holding(
    model: ModelInfo,
    steps: string[],
    value: string,
    limit: number,
  ): Promise<{ total: number; some: Doc[] }> {
    const path = `$${steps.map((step) => (step === '*' ? '[*]' : `.${JSON.stringify(step)}`)).join('')} ? (@ == $value)`;
    const { rows } = await this.q.query<Row & { total: number | string }>(
      sql`SELECT ${COLUMNS}, count(*) OVER () AS total FROM ${table(model.name)} WHERE ${condition(LIVE_ROWS)}
          AND jsonb_path_exists(doc, ${path}::jsonpath, ${JSON.stringify({ value })}::jsonb)
          ORDER BY ${columnExpression(model, model.labelField, 'text')}, _id LIMIT ${limit}`,
    );
    return { total: Number(rows[0]?.total ?? 0), some: rows.map(rowToDoc) };
  }

  /** Documents of `model` whose `key` (`_id` or a top-level field) is one of `values`: one query per relation. */
  async findByKeys(
    model: ModelInfo,
    key: string,
    values: string[],
    scope: Scope,
    fields?: readonly string[],
  ): Promise<Doc[]> {
    if (values.length === 0) return [];
    const where = condition(scope);
    const column = columnExpression(model, key, 'text');
    const { rows } = await this.q.query<Row>(
      sql`SELECT ${selectColumns(fields)} FROM ${table(model.name)}
          WHERE ${column} = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))) AND ${where}`,
    );
    return rows.map(rowToDoc);
  }

  /** New rows in one statement (bulk creates: logging frames); answers them in the order given. */
  async insertMany(model: string, docs: { id: string; doc: Record<string, unknown> }[]): Promise<Doc[]> {
    const { rows } = await this.q.query<Row>(
      sql`INSERT INTO ${table(model)} (_id, doc)
          SELECT r->>'id', r->'doc' FROM jsonb_array_elements(${JSON.stringify(docs)}::jsonb) WITH ORDINALITY AS x(r, n)
          ORDER BY n RETURNING ${COLUMNS}`,
    );
    const byId = new Map(rows.map((row) => [row._id, rowToDoc(row)]));
    return docs.map(({ id }) => byId.get(id)!);
  }

  /**
   * Creates a row; a soft-deleted row with the same id (a page published again after it was deleted:
   * drafts and pages share their id) comes back to life with the new document. Undefined when a live
   * row has the id.
   */
  async insert(model: string, id: string, doc: Record<string, unknown>): Promise<Doc | undefined> {
    const t = table(model);
    const { rows } = await this.q.query<Row>(
      sql`INSERT INTO ${t} (_id, doc) VALUES (${id}, ${JSON.stringify(doc)}::jsonb)
          ON CONFLICT (_id) DO UPDATE SET doc = EXCLUDED.doc, deleted_at = NULL, created_at = now(),
            updated_at = now(), version = ${t}.version + 1
          WHERE ${t}.deleted_at IS NOT NULL
          RETURNING ${COLUMNS}`,
    );
    return rows[0] && rowToDoc(rows[0]);
  }

  /** Replaces the document when its version still matches; undefined when it does not (or it is gone). */
  async update(
    model: string,
    id: string,
    doc: Record<string, unknown>,
    expectedVersion: number,
  ): Promise<Doc | undefined> {
    const { rows } = await this.q.query<Row>(
      sql`UPDATE ${table(model)} SET doc = ${JSON.stringify(doc)}::jsonb, updated_at = now(), version = version + 1
          WHERE _id = ${id} AND version = ${expectedVersion} AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    );
    return rows[0] && rowToDoc(rows[0]);
  }

  async softDelete(model: string, id: string): Promise<Doc | undefined> {
    const { rows } = await this.q.query<Row>(
      sql`UPDATE ${table(model)} SET deleted_at = now(), updated_at = now(), version = version + 1
          WHERE _id = ${id} AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    );
    return rows[0] && rowToDoc(rows[0]);
  }

  /**
   * Waits for, then holds until the transaction ends, the lock called `name` (PostgreSQL's transaction-level
   * advisory lock): another transaction asking for the same name waits until this one commits or rolls back, and
   * its next statement then reads what this one wrote. For a check over several rows that a write must not race
   * (the last admin), where no one row can be locked. Outside a transaction it is released at once; PGlite runs
   * one transaction at a time, where it changes nothing.
   */
  async lockNamed(name: string): Promise<void> {
    await this.q.query(sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`);
  }

  /**
   * The same lock shared: any number of transactions hold it side by side, while `lockNamed` of the same name
   * waits for all of them (and they for it). For writes that only must not overlap one that changes what they
   * rely on (users granted a role, against the role's rename or delete).
   */
  async lockNamedShared(name: string): Promise<void> {
    await this.q.query(sql`SELECT pg_advisory_xact_lock_shared(hashtext(${name}))`);
  }

  /** Next number of a sequence field: one more than the highest so far, serialized by a transaction-scoped lock. */
  async nextSequence(model: ModelInfo, field: string): Promise<number> {
    await this.lockNamed(`${model.name}.${field}`);
    const { rows } = await this.q.query<{ n: number | string | null }>(
      sql`SELECT max(${columnExpression(model, field, 'number')}) AS n FROM ${table(model.name)}`,
    );
    return Number(rows[0]?.n ?? 0) + 1;
  }

  /**
   * The document, soft-deleted ones included, that already holds `value` in a sequence field, under the
   * same lock as `nextSequence`: until the transaction ends no other write can take the number.
   */
  async sequenceHolder(model: ModelInfo, field: string, value: number): Promise<Doc | undefined> {
    await this.lockNamed(`${model.name}.${field}`);
    const { rows } = await this.q.query<Row>(
      sql`SELECT ${selectColumns([])} FROM ${table(model.name)}
          WHERE ${columnExpression(model, field, 'number')} = ${value} LIMIT 1`,
    );
    return rows[0] && rowToDoc(rows[0]);
  }
}
