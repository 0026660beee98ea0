import { badRequest } from '../../errors';
import { FALSE, join, raw, sql, TRUE, type Sql } from '../sql';
import { shorten } from './context';
import type { ScalarType, Shape } from './paths';

/**
 * MongoDB's operators on one value. Comparisons only match values of the query value's type
 * ("type bracketing"); on arrays every operator but exact equality tests the elements. The
 * predicates may yield NULL where MongoDB says "no match"; negations therefore use `IS NOT TRUE`.
 */
export type Scalar = string | number | boolean;
export type Literal = Scalar | null | (Scalar | null)[];
export type Comparison = '<' | '<=' | '>' | '>=';

const JSON_TYPE: Record<ScalarType, Sql> = { string: sql`'string'`, number: sql`'number'`, boolean: sql`'boolean'` };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const typeOf = (value: Scalar) => typeof value as ScalarType;

export function and(parts: Sql[]): Sql {
  if (parts.length === 0) return TRUE;
  return parts.length === 1 ? parts[0] : sql`(${join(parts, ' AND ')})`;
}

export function or(parts: Sql[]): Sql {
  if (parts.length === 0) return FALSE;
  return parts.length === 1 ? parts[0] : sql`(${join(parts, ' OR ')})`;
}

export function not(predicate: Sql): Sql {
  return sql`(${predicate}) IS NOT TRUE`;
}

/** Some element of the array `json` (nothing when it is not an array) passes `test`. */
function someElement(json: Sql, test: (element: Sql) => Sql): Sql {
  return sql`EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${json}) = 'array' THEN ${json} END) AS el(v) WHERE ${test(sql`el.v`)})`;
}

/** The value itself or, for an array, one of its elements passes `test`. */
function selfOrElement(json: Sql, test: (value: Sql) => Sql): Sql {
  return sql`(${test(json)} OR ${someElement(json, test)})`;
}

/** System timestamps accept ISO dates (without an offset: UTC) and compare as instants. */
function columnValue(shape: Extract<Shape, { kind: 'column' }>, value: Scalar, label: string): Sql | undefined {
  if (shape.type === 'number') return typeof value === 'number' ? sql`${value}` : undefined;
  if (typeof value !== 'string') return undefined;
  if (shape.type === 'text') return sql`${value}`;
  const iso = ISO_DATE.exec(value);
  // Without an offset the time is UTC (JavaScript would read it as server-local time).
  const time = iso ? Date.parse(value.length > 10 && !iso[1] ? `${value}Z` : value) : NaN;
  if (Number.isNaN(time)) throw badRequest(`Invalid date ${shorten(value)} for ${label}`);
  return sql`${new Date(time).toISOString()}::timestamptz`;
}

/** Equality to null: missing or null; inside a crossed array element only an explicit null counts (as in mingo). */
export function isNull(shape: Shape, inElement: boolean): Sql {
  if (shape.kind === 'column') return sql`${shape.column} IS NULL`;
  if (inElement) return sql`${shape.json} @> 'null'::jsonb`;
  if (shape.kind === 'scalar') return sql`${shape.typed} IS NULL`;
  return sql`(${shape.json} IS NULL OR ${shape.json} @> 'null'::jsonb)`;
}

/** Equality to a non-null value: an array value means the exact array, a scalar also matches an array holding it. */
export function equals(shape: Shape, value: Exclude<Literal, null>, label: string): Sql {
  if (Array.isArray(value))
    return shape.kind === 'array' || shape.kind === 'any' ? sql`${shape.json} = ${jsonb(value)}` : FALSE;
  switch (shape.kind) {
    case 'column': {
      const v = columnValue(shape, value, label);
      return v ? sql`${shape.column} = ${v}` : FALSE;
    }
    case 'scalar':
      return typeOf(value) === shape.type ? sql`${shape.compared} = ${value}` : FALSE;
    case 'array':
      // `@> [value]` is what the GIN (jsonb_path_ops) index of the field answers.
      return sql`${shape.json} @> ${jsonb([value])}`;
    case 'any':
      // A JSON array contains a primitive when it is one of its elements; a primitive contains itself.
      return sql`${shape.json} @> ${jsonb(value)}`;
  }
}

/** `$in` without null: equal to one of the values (an array field: holds one of them). */
export function equalsOneOf(shape: Shape, values: Exclude<Literal, null>[], label: string): Sql {
  if (shape.kind !== 'scalar' && shape.kind !== 'column') return or(values.map((v) => equals(shape, v, label)));
  const list = values.flatMap((value) => {
    if (Array.isArray(value)) return [];
    if (shape.kind === 'column') return columnValue(shape, value, label) ?? [];
    return typeOf(value) === shape.type ? [sql`${value}`] : [];
  });
  if (list.length === 0) return FALSE;
  return sql`${shape.kind === 'column' ? shape.column : shape.compared} IN (${join(list, ', ')})`;
}

export function compare(shape: Shape, op: Comparison, value: Scalar, label: string): Sql {
  const test = (json: Sql) =>
    sql`(jsonb_typeof(${json}) = ${JSON_TYPE[typeOf(value)]} AND ${json} ${raw(op)} ${jsonb(value)})`;
  switch (shape.kind) {
    case 'column': {
      const v = columnValue(shape, value, label);
      return v ? sql`${shape.column} ${raw(op)} ${v}` : FALSE;
    }
    case 'scalar':
      return typeOf(value) === shape.type ? sql`${shape.typed} ${raw(op)} ${value}` : FALSE;
    case 'array':
      return someElement(shape.json, test);
    case 'any':
      return selfOrElement(shape.json, test);
  }
}

export function matches(shape: Shape, source: string, insensitive: boolean): Sql {
  const op = insensitive ? sql`~*` : sql`~`;
  const test = (json: Sql) => sql`(jsonb_typeof(${json}) = 'string' AND (${json} #>> '{}') ${op} ${source})`;
  switch (shape.kind) {
    case 'column':
      return shape.type === 'text' ? sql`${shape.column} ${op} ${source}` : FALSE;
    case 'scalar':
      return shape.type === 'string' ? sql`${shape.typed} ${op} ${source}` : FALSE;
    case 'array':
      return someElement(shape.json, test);
    case 'any':
      return selfOrElement(shape.json, test);
  }
}

/** Present, even when null (MongoDB's `$exists`). `_deletedAt` exists when set. */
export function exists(shape: Shape): Sql {
  if (shape.kind === 'column') return shape.nullable ? sql`${shape.column} IS NOT NULL` : TRUE;
  return sql`${shape.json} IS NOT NULL`;
}

export function hasSize(shape: Shape, size: number): Sql {
  if (shape.kind !== 'array' && shape.kind !== 'any') return FALSE;
  return sql`(CASE WHEN jsonb_typeof(${shape.json}) = 'array' THEN jsonb_array_length(${shape.json}) END) = ${size}`;
}

/** `$all`: holds every value (a scalar field: equals the only value); no values match nothing. */
export function holdsAll(shape: Shape, values: Scalar[], label: string): Sql {
  if (values.length === 0) return FALSE;
  return and(values.map((v) => equals(shape, v, label)));
}
