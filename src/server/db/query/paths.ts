import { badRequest } from '../../errors';
import type { FieldInfo, JsonSchema, ModelInfo } from '../../../shared/registry';
import { ident, jsonKey, sql, type Sql } from '../sql';
import { derivedColumn, fieldExpression, SORT_COLLATION, sortsAsWords, SYSTEM_COLUMNS } from '../tables';
import { isForbiddenKey, LIMITS, shorten, type QueryContext } from './context';

export type ScalarType = 'string' | 'number' | 'boolean';

/** What a path points at, as far as the schema says. */
export type Shape =
  | { kind: 'column'; column: Sql; type: 'text' | 'timestamp' | 'number'; nullable: boolean }
  /**
   * A string, number or boolean: `typed` is the cast expression the indexes use; `sorted` the one lists order by
   * (text for people in SORT_COLLATION), `compared` the one equality tests (in SORT_COLLATION where the field's
   * sort index is, so that index serves the lookup; a deterministic collation keeps equality byte-wise).
   */
  | { kind: 'scalar'; type: ScalarType; json: Sql; typed: Sql; sorted: Sql; compared: Sql }
  /** An array of scalars (or of unknown items). */
  | { kind: 'array'; json: Sql }
  /** An object, a free-form value, or a value the schema allows several types for. */
  | { kind: 'any'; json: Sql };

export interface FieldPath {
  label: string;
  /** Arrays of objects the path crosses (MongoDB's implicit traversal, `lines.qty`), outermost first. */
  through: Sql[];
  /** The value, relative to the innermost crossed element (or to `doc`). */
  leaf: Shape;
}

type SchemaKind = ScalarType | 'array' | 'object' | 'free';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The SQL name of the n-th array element a path crosses (`e1.v`). */
export function elementAlias(depth: number) {
  return ident(`e${depth}`);
}

export function resolvePath(path: string, ctx: QueryContext): FieldPath {
  const { model } = ctx;
  const segments = path.split('.');
  const unknown = () => badRequest(`Unknown field ${shorten(path)} of ${model.label}`);
  if (path.length > LIMITS.pathLength || segments.length > LIMITS.pathSegments)
    throw badRequest(`Field path too long: ${shorten(path)}`);
  for (const segment of segments) {
    if (isForbiddenKey(segment)) throw badRequest(`Forbidden key ${segment} in ${shorten(path)}`);
    if (segment === '' || segment.startsWith('$')) throw unknown();
  }
  const [name, ...rest] = segments;
  const field = model.fields.find((f) => f.name === name);
  if (!field) throw unknown();
  if (field.secret || !ctx.canRead(field)) throw badRequest(`Field ${name} of ${model.label} cannot be queried`);
  if (Object.hasOwn(SYSTEM_COLUMNS, name)) {
    if (rest.length > 0) throw unknown();
    const { column, type } = SYSTEM_COLUMNS[name];
    const nullable = Array.isArray(field.schema.type) && field.schema.type.includes('null');
    return { label: path, through: [], leaf: { kind: 'column', column: sql`${ident(column)}`, type, nullable } };
  }

  let { schema, baseId: base } = start(field, ctx);
  const through: Sql[] = [];
  let root: Sql | undefined;
  let keys = [name];
  let free = false;
  for (let i = 0; i < rest.length;) {
    const segment = rest[i];
    const kind = free ? 'free' : kindOf(schema);
    if (kind === 'free') {
      free = true;
      keys.push(segment);
      i++;
    } else if (kind === 'object') {
      const property =
        schema.properties && Object.hasOwn(schema.properties, segment) ? schema.properties[segment] : undefined;
      if (!property) throw unknown();
      if (property['x-secret'] !== undefined || property['x-roles'] || property.writeOnly) {
        throw badRequest(`Field ${shorten(path)} of ${model.label} cannot be queried`);
      }
      ({ schema, baseId: base } = deref(property, base, ctx));
      keys.push(segment);
      i++;
    } else if (kind === 'array') {
      // The segment names a property of the items: cross the array, then look at it again.
      const items = deref(schema.items ?? {}, base, ctx);
      const itemKind = kindOf(items.schema);
      if (itemKind !== 'object' && itemKind !== 'free') throw unknown();
      through.push(jsonAt(root, keys));
      root = sql`${elementAlias(through.length)}.v`;
      keys = [];
      ({ schema, baseId: base } = items);
    } else throw unknown();
  }

  const json = jsonAt(root, keys);
  const kind = free ? 'free' : kindOf(schema);
  if (kind === 'array') return { label: path, through, leaf: { kind: 'array', json } };
  if (kind === 'object' || kind === 'free') return { label: path, through, leaf: { kind: 'any', json } };
  const typed = typedAt(root, keys, kind, model);
  // Text for people sorts in the lists' collation (SORT_COLLATION), the same the sort indexes use.
  const words = kind === 'string' && !name.startsWith('_') && sortsAsWords(schema);
  const sorted = words ? sql`${typed} COLLATE ${SORT_COLLATION}` : typed;
  // The sort index of a top-level sortable field is in SORT_COLLATION (tables.ts): equality asks in it too.
  const compared = words && !root && keys.length === 1 && field.sortable ? sorted : typed;
  return { label: path, through, leaf: { kind: 'scalar', type: kind, json, typed, sorted, compared } };
}

function start(field: FieldInfo, ctx: QueryContext): { schema: JsonSchema; baseId: string | undefined } {
  const own = ctx.model.schema.properties?.[field.name];
  if (!ctx.resolver || !own) return { schema: field.schema, baseId: undefined };
  return deref(own, ctx.model.schema.$id, ctx);
}

/** A nested `$ref` is followed when a resolver is at hand; otherwise the node is free-form. */
function deref(
  schema: JsonSchema,
  base: string | undefined,
  ctx: QueryContext,
): { schema: JsonSchema; baseId: string | undefined } {
  if (!schema.$ref) return { schema, baseId: base };
  if (!ctx.resolver) return { schema: {}, baseId: base };
  try {
    return ctx.resolver.deref(schema, base);
  } catch {
    return { schema: {}, baseId: base };
  }
}

function kindOf(schema: JsonSchema): SchemaKind {
  const declared = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const types = declared.filter((t) => t !== 'null');
  if (types.length > 1) return 'free';
  const type = types[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : literalType(schema));
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string' || type === 'boolean' || type === 'array') return type;
  if (type === 'object' && schema.properties && Object.keys(schema.properties).length > 0) return 'object';
  return 'free';
}

/** The type of an `enum` or `const` without `type`, when all its values share one. */
function literalType(schema: JsonSchema): string | undefined {
  const values = schema.enum ?? (schema.const === undefined ? [] : [schema.const]);
  const types = new Set(values.filter((v) => v !== null).map((v) => typeof v));
  return types.size === 1 ? [...types][0] : undefined;
}

/** Declared names are identifiers and go in as literals (as in the index expressions); free-form keys as parameters. */
function key(name: string): Sql {
  return IDENTIFIER.test(name) ? sql`${jsonKey(name)}` : sql`${name}::text`;
}

function jsonAt(root: Sql | undefined, keys: string[]): Sql {
  let json = root ?? sql`doc`;
  for (const name of keys) json = sql`${json}->${key(name)}`;
  return sql`(${json})`;
}

function typedAt(root: Sql | undefined, keys: string[], type: ScalarType, model: ModelInfo): Sql {
  const kind = type === 'string' ? 'text' : type;
  // A top-level field's derived column when it has one (indexed, no jsonb work per row); otherwise
  // the same function as the index definitions, so the planner matches them.
  if (!root && keys.length === 1) {
    const column = derivedColumn(model, keys[0], kind);
    if (column) return column;
  }
  if (!root && keys.every((k) => IDENTIFIER.test(k))) return fieldExpression(keys, kind);
  let parent = root ?? sql`doc`;
  for (const name of keys.slice(0, -1)) parent = sql`${parent}->${key(name)}`;
  const text = sql`(${parent}->>${key(keys[keys.length - 1])})`;
  if (type === 'number') return sql`(${text}::numeric)`;
  if (type === 'boolean') return sql`(${text}::boolean)`;
  return text;
}
