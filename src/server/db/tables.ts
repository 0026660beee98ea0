import type { FieldInfo, ModelInfo, Registry } from '../../shared/registry';
import { ident, jsonKey, sql, type Sql } from './sql';

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
  const fields = model.fields.filter((f) => f.searchable && !f.secret && !f.roles);
  if (fields.length === 0) return undefined;
  const parts = fields.map((f) => sql`coalesce(${fieldExpression([f.name], 'text')}, '')`);
  let joined = parts[0];
  for (const part of parts.slice(1)) joined = sql`${joined} || ' ' || ${part}`;
  return sql`lower(${joined})`;
}

/** Idempotent DDL for one model: table, then indexes derived from the schema annotations. */
export function modelDdl(model: ModelInfo): Sql[] {
  const name = tableName(model.name);
  const t = ident(name);
  const index = (suffix: string) => ident(`${name}_${suffix}`.slice(0, 63));
  const statements: Sql[] = [
    sql`CREATE TABLE IF NOT EXISTS ${t} (
      _id text PRIMARY KEY CHECK (_id ~ '^[0-9a-f]{24}$'),
      doc jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      version integer NOT NULL DEFAULT 1
    )`,
    sql`CREATE INDEX IF NOT EXISTS ${index('created_at')} ON ${t} (created_at, _id)`,
    sql`CREATE INDEX IF NOT EXISTS ${index('updated_at')} ON ${t} (updated_at, _id)`,
  ];
  for (const field of model.fields) {
    if (SYSTEM_COLUMNS[field.name] || field.secret) continue;
    const kind = expressionKind(field);
    const expression = fieldExpression([field.name], kind);
    if (field.unique) {
      statements.push(sql`CREATE UNIQUE INDEX IF NOT EXISTS ${index(`u_${field.name}`)} ON ${t} (${expression}) WHERE deleted_at IS NULL`);
    }
    if (kind === 'json' && (field.filterable || field.relation)) {
      statements.push(sql`CREATE INDEX IF NOT EXISTS ${index(`j_${field.name}`)} ON ${t} USING gin (${expression} jsonb_path_ops)`);
    } else if (kind !== 'json' && (field.sortable || field.filterable || field.relation)) {
      // NULLS FIRST: the query translator sorts missing values first ascending (as MongoDB does); this
      // way one index serves both directions (a backward scan gives DESC NULLS LAST).
      statements.push(sql`CREATE INDEX IF NOT EXISTS ${index(`f_${field.name}`)} ON ${t} (${expression} NULLS FIRST, _id)`);
    }
  }
  const search = searchExpression(model);
  if (search) statements.push(sql`CREATE INDEX IF NOT EXISTS ${index('search')} ON ${t} USING gin (${search} gin_trgm_ops)`);
  return statements;
}

/** Creates what the schemas describe and is missing; never drops anything. Safe to run on every start. */
export async function migrate(db: { query(statement: Sql): Promise<unknown> }, registry: Registry): Promise<void> {
  await db.query(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  for (const model of Object.values(registry.models)) {
    for (const statement of modelDdl(model)) await db.query(statement);
  }
}
