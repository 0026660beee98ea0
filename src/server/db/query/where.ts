import { badRequest } from '../../errors';
import { sql, TRUE, type Sql } from '../sql';
import { isForbiddenKey, isPlainObject, LIMITS, shorten, type QueryContext } from './context';
import { elementAlias, resolvePath, type FieldPath, type Shape } from './paths';
import * as p from './predicates';
import type { Comparison, Literal, Scalar } from './predicates';
import { translateRegex } from './regex';

/**
 * A MongoDB-style query (`{ name: 'x', total: { $gte: 10 }, $or: [...] }`) as a parameterized SQL
 * boolean expression. Only allow-listed operators and readable, known fields get through; every
 * value becomes a parameter. Anything else is a 400 naming the offending field or operator.
 */
export function translateWhere(input: unknown, ctx: QueryContext): Sql {
  if (input === undefined || input === null) return TRUE;
  const where = new Translator(ctx).query(input, 0);
  // Lists of 1,000 values in 100 conditions pass the limits one by one, but PostgreSQL takes at most 65,535
  // parameters per statement, and a list page states its query and filter twice (results and total).
  const values = where.parameterCount();
  if (values > LIMITS.values) throw badRequest(`Too many values in query: ${values} (at most ${LIMITS.values} in all)`);
  return where;
}

const COMPARISONS: Record<string, Comparison> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

class Translator {
  private conditions = 0;

  constructor(private readonly ctx: QueryContext) {}

  query(input: unknown, depth: number): Sql {
    const object = this.object(input, 'A query', depth);
    return p.and(
      Object.entries(object).map(([key, value]) =>
        key.startsWith('$') ? this.logical(key, value, depth) : this.field(key, value, depth),
      ),
    );
  }

  private object(value: unknown, what: string, depth: number): Record<string, unknown> {
    if (depth > LIMITS.depth) throw badRequest(`Query nested too deeply (at most ${LIMITS.depth} levels)`);
    if (!isPlainObject(value)) throw badRequest(`${what} must be a plain object`);
    for (const key of Object.keys(value)) if (isForbiddenKey(key)) throw badRequest(`Forbidden key ${key} in query`);
    return value;
  }

  private count(): void {
    if (++this.conditions > LIMITS.conditions)
      throw badRequest(`Too many conditions in query (at most ${LIMITS.conditions})`);
  }

  private logical(op: string, value: unknown, depth: number): Sql {
    if (op === '$not') throw badRequest('Operator $not applies to a field, e.g. { total: { $not: { $gt: 10 } } }');
    if (op !== '$and' && op !== '$or' && op !== '$nor') throw badRequest(`Unknown operator ${shorten(op)}`);
    this.count();
    if (!Array.isArray(value) || value.length === 0) throw badRequest(`${op} needs a non-empty array of conditions`);
    const parts = value.map((item: unknown) => this.query(item, depth + 2));
    if (op === '$and') return p.and(parts);
    return op === '$or' ? p.or(parts) : p.not(p.or(parts));
  }

  private field(path: string, value: unknown, depth: number): Sql {
    const target = resolvePath(path, this.ctx);
    if (!isPlainObject(value)) {
      this.count();
      return this.equals(target, literal(value, target.label));
    }
    const condition = this.object(value, `The condition on ${target.label}`, depth + 1);
    const keys = Object.keys(condition);
    const operators = keys.filter((key) => key.startsWith('$')).length;
    if (operators === 0)
      throw badRequest(`Equality with an object is not supported on ${target.label}; use dotted paths`);
    if (operators !== keys.length)
      throw badRequest(`Cannot mix operators and fields in the condition on ${target.label}`);
    return this.operators(target, condition, depth + 1);
  }

  private operators(target: FieldPath, object: Record<string, unknown>, depth: number): Sql {
    if (Object.hasOwn(object, '$options') && !Object.hasOwn(object, '$regex'))
      throw badRequest(`$options without $regex on ${target.label}`);
    const parts = Object.entries(object)
      .filter(([op]) => op !== '$options')
      .map(([op, arg]) => {
        this.count();
        return this.operator(target, op, arg, object, depth);
      });
    return p.and(parts);
  }

  private operator(target: FieldPath, op: string, arg: unknown, object: Record<string, unknown>, depth: number): Sql {
    const { label } = target;
    const what = `${op} on ${label}`;
    switch (op) {
      case '$eq':
        return this.equals(target, literal(arg, label));
      case '$ne':
        return p.not(this.equals(target, literal(arg, label)));
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const value = scalar(arg, what);
        return onPath(target, (leaf) => p.compare(leaf, COMPARISONS[op], value, label));
      }
      case '$in':
        return this.oneOf(
          target,
          list(arg, what).map((v) => literal(v, label)),
        );
      case '$nin':
        return p.not(
          this.oneOf(
            target,
            list(arg, what).map((v) => literal(v, label)),
          ),
        );
      case '$exists': {
        if (typeof arg !== 'boolean' && arg !== 0 && arg !== 1) throw badRequest(`${what} needs true or false`);
        const present = onPath(target, p.exists);
        return arg ? present : p.not(present);
      }
      case '$regex': {
        const { source, insensitive } = translateRegex(arg, object.$options, label);
        return onPath(target, (leaf) => p.matches(leaf, source, insensitive));
      }
      case '$not': {
        const inner = this.object(arg, what, depth + 1);
        const keys = Object.keys(inner);
        if (keys.length === 0 || keys.some((key) => !key.startsWith('$')))
          throw badRequest(`${what} needs operators, e.g. { $gt: 10 }`);
        return p.not(this.operators(target, inner, depth + 1));
      }
      case '$all': {
        const values = list(arg, what).map((v) => scalar(v, what));
        return onPath(target, (leaf) => p.holdsAll(leaf, values, label));
      }
      case '$size': {
        if (typeof arg !== 'number' || !Number.isInteger(arg) || arg < 0)
          throw badRequest(`${what} needs a non-negative integer`);
        return onPath(target, (leaf) => p.hasSize(leaf, arg));
      }
      default:
        throw badRequest(`Unknown operator ${shorten(op)}`);
    }
  }

  private equals(target: FieldPath, value: Literal): Sql {
    if (value === null) return nullOnPath(target);
    return onPath(target, (leaf) => p.equals(leaf, value, target.label));
  }

  private oneOf(target: FieldPath, values: Literal[]): Sql {
    const present = values.filter((v): v is Exclude<Literal, null> => v !== null);
    const some = present.length > 0 ? onPath(target, (leaf) => p.equalsOneOf(leaf, present, target.label)) : undefined;
    if (present.length === values.length) return some ?? p.or([]);
    return p.or(some ? [nullOnPath(target), some] : [nullOnPath(target)]);
  }
}

/** The predicate on the leaf, inside one `EXISTS` per array of objects the path crosses. */
function onPath(target: FieldPath, build: (leaf: Shape) => Sql): Sql {
  let predicate = build(target.leaf);
  for (let i = target.through.length - 1; i >= 0; i--) {
    const array = target.through[i];
    predicate = sql`EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${array}) = 'array' THEN ${array} END) AS ${elementAlias(i + 1)}(v) WHERE ${predicate})`;
  }
  return predicate;
}

/** Null on a crossed path: the outer array is missing or null, or an element holds an explicit null. */
function nullOnPath(target: FieldPath): Sql {
  if (target.through.length === 0) return p.isNull(target.leaf, false);
  const outer = target.through[0];
  return sql`(${outer} IS NULL OR ${outer} = 'null'::jsonb OR ${onPath(target, (leaf) => p.isNull(leaf, true))})`;
}

function scalar(value: unknown, what: string): Scalar {
  if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
    return literal(value, what) as Scalar;
  throw badRequest(`${what} needs a string, number or boolean`);
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw badRequest(`${what} needs an array`);
  if (value.length > LIMITS.listItems) throw badRequest(`${what} has more than ${LIMITS.listItems} values`);
  return value;
}

/** A value to compare with: null, a string, a finite number, a boolean, or an array of those. */
function literal(value: unknown, label: string): Literal {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw badRequest(`Invalid number in the condition on ${label}`);
    return value;
  }
  if (typeof value === 'string') {
    if (value.length > LIMITS.stringLength) throw badRequest(`Value too long in the condition on ${label}`);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length > LIMITS.listItems)
      throw badRequest(`Array with more than ${LIMITS.listItems} values in the condition on ${label}`);
    return value.map((item: unknown) => {
      if (item !== null && typeof item === 'object')
        throw badRequest(`Nested arrays and objects are not supported in the condition on ${label}`);
      return literal(item, label) as Scalar | null;
    });
  }
  throw badRequest(`Unsupported value in the condition on ${label}`);
}
