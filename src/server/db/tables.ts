import type { FieldInfo, JsonSchema, ModelInfo, Registry } from '../../shared/registry';
import type { Database, Queryable } from './database';
import { ident, join, jsonKey, raw, sql, type Sql } from './sql';

/**
 * One table per model: the document as jsonb plus system columns. Index expressions here and the
 * expressions the query translator emits come from the same functions, so indexes are used.
 */
export function tableName(model: string): string {
  return `doc_${model.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
}

export function table(model: string): Sql {
  return sql`${ident(tableName(model))}`;
}

/** System fields live in columns, not in `doc`. */
export const SYSTEM_COLUMNS: Record<string, { column: string; type: 'text' | 'timestamp' | 'number' }> = {
  _id: { column: '_id', type: 'text' },
  _createdAt: { column: 'created_at', type: 'timestamp' },
  _updatedAt: { column: 'updated_at', type: 'timestamp' },
  _deletedAt: { column: 'deleted_at', type: 'timestamp' },
  _version: { column: 'version', type: 'number' },
};

export type ExpressionKind = 'text' | 'number' | 'boolean' | 'json' | 'timestamp';

/**
 * The collation lists sort text by: Unicode's order (ICU's root collation) with digits compared as numbers, so
 * 'apfel' and 'Äpfel' stand beside 'Apfel' before 'Zebra', and 'Abo 9' before 'Abo 10'. The databases' own
 * collation (C) put lower case after Z and umlauts after everything. `migrate` creates it; a PostgreSQL built
 * without ICU gets a copy of C (the order before). Sorting only: equality, uniqueness and search are unchanged.
 */
export const SORT_COLLATION = ident('baukasten_sort');

/**
 * Whether a text value sorts in SORT_COLLATION: words for people, not codes (a format: dates, e-mail; the ids of a
 * relation; an enum's values). Fields the server keeps (`_path`) sort by their bytes too: prefix lookups use them.
 */
export function sortsAsWords(schema: Pick<JsonSchema, 'format' | 'x-relation' | 'enum'>): boolean {
  return schema.format === undefined && schema['x-relation'] === undefined && schema.enum === undefined;
}

/** How a field is compared and sorted: by its JSON type. */
export function expressionKind(field: Pick<FieldInfo, 'name' | 'type'>): ExpressionKind {
  const system = SYSTEM_COLUMNS[field.name];
  if (system) return system.type;
  if (field.type === 'number' || field.type === 'integer') return 'number';
  if (field.type === 'boolean') return 'boolean';
  if (field.type === 'array' || field.type === 'object') return 'json';
  return 'text';
}

/**
 * The SQL expression of a field path (`name`, `address.city`). The first segment must be a field
 * of the model (the caller checks readability); `kind` picks the cast.
 */
export function fieldExpression(path: string[], kind: ExpressionKind): Sql {
  const system = SYSTEM_COLUMNS[path[0]];
  if (system && path.length === 1) return sql`${ident(system.column)}`;
  const keys = path.map((key) => jsonKey(key));
  let json = sql`doc`;
  for (const key of keys.slice(0, -1)) json = sql`${json}->${key}`;
  const last = keys[keys.length - 1];
  switch (kind) {
    case 'number':
      return sql`((${json}->>${last})::numeric)`;
    case 'boolean':
      return sql`((${json}->>${last})::boolean)`;
    case 'json':
      return sql`(${json}->${last})`;
    default:
      return sql`(${json}->>${last})`;
  }
}

/** Lower-cased concatenation of the searchable fields (trigram-indexed; `LIKE '%term%'` uses the index). */
export function searchExpression(model: ModelInfo): Sql | undefined {
  // Role-restricted fields stay out: search must not reveal what a caller cannot read.
  const fields = searchFields(model);
  if (fields.length === 0) return undefined;
  const parts = fields.map((f) => sql`coalesce(${fieldExpression(f.name.split('.'), 'text')}, '')`);
  let joined = parts[0];
  for (const part of parts.slice(1)) joined = sql`${joined} || ' ' || ${part}`;
  return sql`lower(${joined})`;
}

const searchFields = (model: ModelInfo) =>
  [...model.fields, ...model.nested].filter((f) => f.searchable && !f.secret && !f.roles);

/**
 * Derived columns: the fields that lists filter, sort, join or keep unique, sequence numbers, and the search text,
 * are stored generated columns (`g_…`) next to `doc`. Queries compare and sort the plain column,
 * not a jsonb extraction per row, and indexes can carry them for index-only scans. They are pure
 * derivations of `doc`: migration adds, and drops what the schemas no longer ask for.
 */
export interface DerivedColumn {
  name: string;
  type: 'text' | 'numeric' | 'boolean';
  expression: Sql;
}

const COLUMN_KINDS: Partial<Record<ExpressionKind, { letter: string; type: DerivedColumn['type'] }>> = {
  text: { letter: 't', type: 'text' },
  number: { letter: 'n', type: 'numeric' },
  boolean: { letter: 'b', type: 'boolean' },
};

const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,55}$/;

/**
 * A btree entry holds at most 2,704 bytes: a covering index only carries what fits even in the
 * worst case (4 bytes a character), so no write can fail on the size of an index entry.
 */
const INDEX_ENTRY_BUDGET = 2_600;

/** The most bytes a field's value takes in an index entry (Infinity when its schema does not bound it). */
function worstBytes(field: FieldInfo, kind: ExpressionKind): number {
  if (kind === 'number' || kind === 'boolean' || kind === 'timestamp') return 24;
  if (field.relation) return 32;
  if (field.format === 'date' || field.format === 'date-time' || field.format === 'time') return 48;
  if (field.enumValues) return 8 + 4 * Math.max(0, ...field.enumValues.map((value) => String(value).length));
  const max = field.schema.maxLength;
  return typeof max === 'number' ? 8 + 4 * max : Infinity;
}

interface DerivedField {
  field: FieldInfo;
  kind: ExpressionKind;
  column: DerivedColumn;
  bytes: number;
}

interface ModelColumns {
  fields: DerivedField[];
  search?: DerivedColumn & { bytes: number };
  byName: Set<string>;
}

const columnsCache = new WeakMap<ModelInfo, ModelColumns>();

function modelColumns(model: ModelInfo): ModelColumns {
  const cached = columnsCache.get(model);
  if (cached) return cached;
  const fields: ModelColumns['fields'] = [];
  for (const field of model.fields) {
    if (SYSTEM_COLUMNS[field.name] || field.secret || !COLUMN_NAME.test(field.name)) continue;
    const kind = expressionKind(field);
    const spec = COLUMN_KINDS[kind];
    if (!spec || !(field.sortable || field.filterable || field.relation || field.unique || field.sequence)) continue;
    const column = {
      name: derivedColumnName(field.name, kind)!,
      type: spec.type,
      expression: fieldExpression([field.name], kind),
    };
    fields.push({ field, kind, column, bytes: worstBytes(field, kind) });
  }
  const expression = searchExpression(model);
  // The name carries a digest of the expression, so a change of the searchable fields replaces the column.
  const search = expression && {
    name: `g_s_${digest(expression.compile().text)}`,
    type: 'text' as const,
    expression,
    bytes: searchFields(model).reduce((sum, f) => sum + worstBytes(f, 'text'), 0),
  };
  const result: ModelColumns = {
    fields,
    search,
    byName: new Set([...fields.map((f) => f.column.name), ...(search ? [search.name] : [])]),
  };
  columnsCache.set(model, result);
  return result;
}

/** The name of a field's derived column when compared as `kind` (whether the model has it depends on its schema). */
export function derivedColumnName(field: string, kind: ExpressionKind): string | undefined {
  const spec = COLUMN_KINDS[kind];
  return spec && `g_${spec.letter}_${field}`;
}

/** The derived column of a top-level field compared as `kind`, when the model has one. */
export function derivedColumn(model: ModelInfo, field: string, kind: ExpressionKind): Sql | undefined {
  const name = derivedColumnName(field, kind);
  return name && modelColumns(model).byName.has(name) ? sql`${ident(name)}` : undefined;
}

/** A top-level field as SQL: its derived column when there is one, else the jsonb extraction. */
export function columnExpression(model: ModelInfo, field: string, kind: ExpressionKind): Sql {
  return derivedColumn(model, field, kind) ?? fieldExpression([field], kind);
}

/** The search column (lower-cased searchable text), when the model has searchable fields. */
export function searchColumn(model: ModelInfo): Sql | undefined {
  const search = modelColumns(model).search;
  return search && sql`${ident(search.name)}`;
}

function digest(text: string): string {
  // FNV-1a, 32 bits: short and stable; only tells definitions apart, no security role.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0').slice(0, 6);
}

/**
 * The indexes the schema annotations ask for, by name (the name ends in a digest of the definition,
 * so a changed definition is a new index). Sort indexes are covering: they carry `deleted_at`, the
 * filterable columns and the search text (what fits an index entry in the worst case), so a
 * filtered, searched, sorted list page, however deep, is read from the index alone instead of
 * sorting every match.
 */
export function modelIndexes(
  model: ModelInfo,
  caseSensitive: ReadonlySet<string> = new Set(),
  notUnique: ReadonlySet<string> = new Set(),
): Map<string, Sql> {
  const name = tableName(model.name);
  const t = ident(name);
  const { fields, search } = modelColumns(model);
  // Filter columns first, then the search text, as long as the worst case fits beside the key.
  const candidates = [
    ...fields
      .filter(({ field }) => field.filterable || field.relation)
      .map(({ column, bytes }) => ({ name: column.name, bytes })),
    ...(search ? [search] : []),
  ];
  const include = (keyBytes: number) => {
    let used = keyBytes + 24 + 16; // the key, _id and deleted_at
    const carried: Sql[] = [sql`deleted_at`];
    for (const candidate of candidates) {
      if (used + candidate.bytes > INDEX_ENTRY_BUDGET) continue;
      used += candidate.bytes;
      carried.push(sql`${ident(candidate.name)}`);
    }
    return sql`INCLUDE (${join(carried, ', ')})`;
  };
  const indexes = new Map<string, Sql>();
  const add = (suffix: string, definition: (index: ReturnType<typeof ident>) => Sql) => {
    const text = definition(ident('x')).compile().text;
    const indexName = `${name}_${suffix}`.slice(0, 55) + `_${digest(text)}`;
    indexes.set(indexName, definition(ident(indexName)));
  };
  for (const system of ['created_at', 'updated_at'] as const) {
    const field = system === 'created_at' ? '_createdAt' : '_updatedAt';
    const covering = model.sortable.includes(field);
    add(
      system,
      (index) =>
        sql`CREATE INDEX IF NOT EXISTS ${index} ON ${t} (${ident(system)}, _id) ${covering ? include(8) : sql``}`,
    );
  }
  for (const { field, kind, column, bytes } of fields) {
    const c = ident(column.name);
    if (field.unique && !notUnique.has(field.name))
      add(
        `u_${field.name}`,
        (index) =>
          sql`CREATE UNIQUE INDEX IF NOT EXISTS ${index} ON ${t} (${caseSensitive.has(field.name) ? c : uniqueKey(field, c)}) WHERE deleted_at IS NULL`,
      );
    // A sequence number is looked up among all rows, soft-deleted ones too (they keep their number);
    // a sort index (below) serves that as well.
    if (field.sequence && !field.sortable)
      add(`q_${field.name}`, (index) => sql`CREATE INDEX IF NOT EXISTS ${index} ON ${t} (${c})`);
    // NULLS FIRST: the query translator sorts missing values first ascending (as MongoDB does); this
    // way one index serves both directions (a backward scan gives DESC NULLS LAST).
    if (field.sortable)
      add(
        `s_${field.name}`,
        (index) =>
          sql`CREATE INDEX IF NOT EXISTS ${index} ON ${t} (${sortKey(field, kind, c)} NULLS FIRST, _id) ${include(bytes)}`,
      );
    // Live rows only (what lists and counts ask for): a filter's count is a range of this index alone.
    else if (field.filterable || field.relation)
      add(
        `f_${field.name}`,
        (index) => sql`CREATE INDEX IF NOT EXISTS ${index} ON ${t} (${c} NULLS FIRST, _id) WHERE deleted_at IS NULL`,
      );
  }
  // A list filtered by a field of few values (an enum: status, direction) and sorted reads one range of
  // a (filter, sort) index for its page, however deep, instead of walking the sort index and dropping the
  // rows of the other values.
  for (const filter of fields.filter(({ field }) => field.filterable && field.enumValues && !field.sortable)) {
    for (const sort of fields.filter(({ field }) => field.sortable)) {
      add(
        `fs_${filter.field.name}_${sort.field.name}`,
        (index) =>
          sql`CREATE INDEX IF NOT EXISTS ${index} ON ${t} (${ident(filter.column.name)}, ${sortKey(sort.field, sort.kind, ident(sort.column.name))} NULLS FIRST, _id) ${include(filter.bytes + sort.bytes)} WHERE deleted_at IS NULL`,
      );
    }
  }
  for (const field of model.fields) {
    if (
      SYSTEM_COLUMNS[field.name] ||
      field.secret ||
      expressionKind(field) !== 'json' ||
      !(field.filterable || field.relation)
    )
      continue;
    const expression = fieldExpression([field.name], 'json');
    add(
      `j_${field.name}`,
      (index) => sql`CREATE INDEX IF NOT EXISTS ${index} ON ${t} USING gin (${expression} jsonb_path_ops)`,
    );
  }
  if (search)
    add(
      'search',
      (index) => sql`CREATE INDEX IF NOT EXISTS ${index} ON ${t} USING gin (${ident(search.name)} gin_trgm_ops)`,
    );
  return indexes;
}

/** What a unique index (`x-unique`) keeps unique: the column, or its lower-cased text (`ignoreCase`). */
export function uniqueKey(field: Pick<FieldInfo, 'uniqueIgnoreCase'>, column: Sql | ReturnType<typeof ident>): Sql {
  return field.uniqueIgnoreCase ? sql`lower(${column})` : sql`${column}`;
}

/** The table of a model, without its derived columns and indexes (see `migrateModel`). */
export function tableDdl(model: ModelInfo): Sql {
  return sql`CREATE TABLE IF NOT EXISTS ${table(model.name)} (
    _id text PRIMARY KEY CHECK (_id ~ '^[0-9a-f]{24}$'),
    doc jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    version integer NOT NULL DEFAULT 1
  )`;
}

/**
 * Brings one model's table to what its schema describes, idempotently: creates the table, adds the
 * derived columns and indexes that are missing, drops derived ones the schema no longer asks for.
 * Documents are never touched: everything dropped is computed from `doc`. Answers warnings for the log:
 * a unique field (`x-unique`) whose live values are stored more than once gets no unique index, and one
 * unique regardless of case (`"ignoreCase"`) whose live values differ only in case keeps a case-sensitive
 * one (nothing is renamed behind anyone's back), until they are changed; the next start adds the index.
 */
export async function migrateModel(db: Queryable, model: ModelInfo): Promise<string[]> {
  const name = tableName(model.name);
  const t = ident(name);
  await db.query(tableDdl(model));
  await createSortCollation(db);
  const { fields, search } = modelColumns(model);
  const wanted = [...fields.map((f) => f.column), ...(search ? [search] : [])];
  const existing = await db.query<{ column_name: string }>(
    sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${name} AND left(column_name, 2) = 'g_'`,
  );
  const present = new Set(existing.rows.map((r) => r.column_name));
  const changes: Sql[] = [
    ...[...present]
      .filter((column) => !wanted.some((w) => w.name === column))
      .map((column) => sql`DROP COLUMN ${ident(column)}`),
    ...wanted
      .filter((w) => !present.has(w.name))
      .map((w) => sql`ADD COLUMN ${ident(w.name)} ${raw(w.type)} GENERATED ALWAYS AS (${w.expression}) STORED`),
  ];
  // One ALTER: the table is rewritten once, however many columns change.
  if (changes.length > 0) await db.query(sql`ALTER TABLE ${t} ${join(changes, ', ')}`);

  const warnings: string[] = [];
  const caseSensitive = new Set<string>();
  const notUnique = new Set<string>();
  const duplicates = async (key: Sql | ReturnType<typeof ident>, c: ReturnType<typeof ident>) =>
    (
      await db.query<{ dupes: unknown[] }>(
        sql`SELECT array_agg(${c} ORDER BY ${c}) AS dupes FROM ${t} WHERE deleted_at IS NULL AND ${c} IS NOT NULL
          GROUP BY ${key} HAVING count(*) > 1 ORDER BY 1 LIMIT 10`,
      )
    ).rows.map((row) => row.dupes.map((value) => JSON.stringify(value)).join(' and '));
  for (const { field, column } of fields) {
    if (!field.unique) continue;
    const c = ident(column.name);
    // Values stored twice (a field that became unique, or written before its index): no unique index
    // can be made, and the server must still start; said in the log until they are changed.
    const same = await duplicates(c, c);
    if (same.length > 0) {
      notUnique.add(field.name);
      warnings.push(
        `${model.name}.${field.name} should be unique, but these live values are stored more than once: ${same.join('; ')}. Change or delete all but one of each; until then and the next start, the field is not kept unique.`,
      );
      continue;
    }
    if (!field.uniqueIgnoreCase) continue;
    const listed = await duplicates(sql`lower(${c})`, c);
    if (listed.length === 0) continue;
    caseSensitive.add(field.name);
    warnings.push(
      `${model.name}.${field.name} should be unique regardless of case, but these live values differ only in case: ${listed.join('; ')}. Rename all but one of each; until then and the next start, the field stays unique case-sensitively only.`,
    );
  }
  const indexes = modelIndexes(model, caseSensitive, notUnique);
  const current = await db.query<{ indexname: string }>(
    sql`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ${name} AND indexname <> ${`${name}_pkey`}`,
  );
  for (const { indexname } of current.rows) {
    if (!indexes.has(indexname) && indexname.startsWith(`${name}_`))
      await db.query(sql`DROP INDEX IF EXISTS ${ident(indexname)}`);
  }
  const have = new Set(current.rows.map((r) => r.indexname));
  for (const [indexName, statement] of indexes) if (!have.has(indexName)) await db.query(statement);
  return warnings;
}

/** SORT_COLLATION, if missing. The ICU locale in its older form: PGlite's ICU ignores `und-u-kn`'s numeric option. */
async function createSortCollation(db: Queryable): Promise<void> {
  await db.query(sql`DO $$ BEGIN
      CREATE COLLATION IF NOT EXISTS ${SORT_COLLATION} (provider = icu, locale = 'und@colNumeric=yes');
    EXCEPTION WHEN feature_not_supported OR undefined_object OR invalid_parameter_value THEN
      CREATE COLLATION IF NOT EXISTS ${SORT_COLLATION} FROM "C";
    END $$`);
}

/** A sort index's key: the column, in SORT_COLLATION where lists sort it so (translateSort adds the same). */
function sortKey(field: FieldInfo, kind: ExpressionKind, column: ReturnType<typeof ident>): Sql {
  const words = kind === 'text' && !field.name.startsWith('_') && sortsAsWords(field.schema);
  return words ? sql`${column} COLLATE ${SORT_COLLATION}` : sql`${column}`;
}

/**
 * Creates what the schemas describe and is missing; never drops a document. Safe to run on every
 * start: one transaction, serialized by an advisory lock when several servers start at once.
 */
export async function migrate(db: Pick<Database, 'transaction'>, registry: Registry): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext('baukasten.migrate'))`);
    await tx.query(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    const warnings: string[] = [];
    for (const model of Object.values(registry.models)) warnings.push(...(await migrateModel(tx, model)));
    return warnings;
  });
}
