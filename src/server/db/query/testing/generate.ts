import type { Random } from './probe';

/**
 * Random documents of the probe model and random queries over it, for the differential test.
 * Values come from small pools so that equality and ranges hit; every field is sometimes missing
 * or null, and queries often use a value of the wrong type.
 */
export type Doc = Record<string, unknown> & { _id: string; _createdAt: string };
type Query = Record<string, unknown>;

const STRINGS = [
  'alpha',
  'Alpha',
  'ALPHA beta',
  'beta',
  'gamma',
  'älpha',
  'Älpha',
  'a.b',
  'x%y',
  'under_score',
  'back\\slash',
  '',
  'zeta\nline',
  '10',
  '9',
  'Ωmega',
];
const NUMBERS = [-5, -0.5, 0, 1, 1.5, 2, 3, 10, 10.25, 100, 1e6];
const INTEGERS = [-2, -1, 0, 1, 2, 3, 5];
const DATES = ['2023-06-15', '2024-01-01', '2024-02-29', '2024-12-31', '2025-01-01'];
const TAGS = ['red', 'green', 'blue', 'Red', 'x'];
const CITIES = ['Basel', 'basel', 'Bern', 'Zürich', 'Genève', 'Bas'];
const SKUS = ['A1', 'B2', 'c3'];
const PATTERNS = [
  '^a',
  'ph',
  'A$',
  '^$',
  '\\d',
  '[a-c]',
  'b.t',
  'a.ne',
  '^B',
  'ä',
  '\\bbeta',
  'a|e',
  '^(al|be)',
  'x%',
  '\\.',
  'e{2}',
  '[^a-z]',
  '\\w+\\s',
  '^(?:Ba|Ge)',
  'RE',
];

type Kind =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'strings'
  | 'numbers'
  | 'object'
  | 'objects'
  | 'free'
  | 'id'
  | 'timestamp';

/** Queryable paths of the probe model and what they hold. */
export const PATHS: [string, Kind][] = [
  ['name', 'string'],
  ['code', 'string'],
  ['total', 'number'],
  ['count', 'integer'],
  ['active', 'boolean'],
  ['due', 'date'],
  ['tags', 'strings'],
  ['scores', 'numbers'],
  ['address', 'object'],
  ['address.city', 'string'],
  ['address.zip', 'integer'],
  ['address.geo.lat', 'number'],
  ['lines', 'objects'],
  ['lines.sku', 'string'],
  ['lines.qty', 'integer'],
  ['extra', 'object'],
  ['extra.k', 'free'],
  ['extra.n', 'free'],
  ['_id', 'id'],
  ['_createdAt', 'timestamp'],
];

export const SORTABLE = [
  'name',
  'code',
  'total',
  'count',
  'active',
  'due',
  'address.city',
  'address.geo.lat',
  '_id',
  '_createdAt',
];

function maybe(r: Random, value: () => unknown): unknown {
  const roll = r.next();
  return roll < 0.15 ? undefined : roll < 0.27 ? null : value();
}

function list<T>(r: Random, max: number, item: () => T): T[] {
  return Array.from({ length: r.int(0, max) }, item);
}

function freeValue(r: Random): unknown {
  return r.pick<() => unknown>([
    () => r.pick(STRINGS),
    () => r.pick(NUMBERS),
    () => r.chance(0.5),
    () => null,
    () => list(r, 3, () => r.pick(TAGS)),
    () => [1, '1', null],
    () => ({ a: r.pick(INTEGERS) }),
  ])();
}

export function generateDocs(r: Random, count: number): Doc[] {
  const docs: Doc[] = [];
  for (let i = 0; i < count; i++) {
    const fields: Record<string, unknown> = {
      name: maybe(r, () => r.pick(STRINGS)),
      code: maybe(r, () => r.pick(STRINGS)),
      total: maybe(r, () => r.pick(NUMBERS)),
      count: maybe(r, () => r.pick(INTEGERS)),
      active: maybe(r, () => r.chance(0.5)),
      due: maybe(r, () => r.pick(DATES)),
      tags: maybe(r, () => list(r, 3, () => r.pick(TAGS))),
      scores: maybe(r, () => list(r, 3, () => r.pick(NUMBERS))),
      address: maybe(r, () =>
        strip({
          city: maybe(r, () => r.pick(CITIES)),
          zip: maybe(r, () => r.pick(INTEGERS)),
          geo: maybe(r, () => strip({ lat: maybe(r, () => r.pick(NUMBERS)) })),
        }),
      ),
      lines: maybe(r, () =>
        list(r, 3, () => strip({ sku: maybe(r, () => r.pick(SKUS)), qty: maybe(r, () => r.pick(INTEGERS)) })),
      ),
      extra: maybe(r, () => strip({ k: maybe(r, () => freeValue(r)), n: maybe(r, () => r.pick(NUMBERS)) })),
    };
    const id = (i * 7919 + 17).toString(16).padStart(24, '0');
    const createdAt = new Date(Date.UTC(2024, 0, 1) + r.int(0, 365 * 24 * 60) * 60_000).toISOString();
    docs.push({ _id: id, _createdAt: createdAt, ...strip(fields) });
  }
  return docs;
}

/** Drops undefined values, which stand for missing fields. */
function strip(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
}

export class QueryGenerator {
  constructor(
    private readonly r: Random,
    private readonly docs: Doc[],
  ) {}

  query(depth = 0): Query {
    const query: Query = {};
    for (let i = this.r.int(1, depth === 0 ? 2 : 3); i > 0; i--) {
      if (depth < 2 && this.r.chance(0.25)) {
        const op = this.r.pick(['$and', '$or', '$nor']);
        query[op] = Array.from({ length: this.r.int(1, 3) }, () => this.query(depth + 1));
      } else {
        const [path, kind] = this.r.pick(PATHS);
        query[path] = this.condition(kind, path.startsWith('lines.'));
      }
    }
    return query;
  }

  sort(): Record<string, 1 | -1 | 'asc' | 'desc'> {
    const sort: Record<string, 1 | -1 | 'asc' | 'desc'> = {};
    for (let i = this.r.int(0, 2); i > 0; i--)
      sort[this.r.pick(SORTABLE)] = this.r.pick([1, -1, 'asc', 'desc'] as const);
    return sort;
  }

  private condition(kind: Kind, crosses: boolean): unknown {
    if (this.r.chance(0.2)) return this.literal(kind, crosses);
    const condition: Query = {};
    for (let i = this.r.int(1, 2); i > 0; i--) Object.assign(condition, this.operator(kind, crosses, true));
    return condition;
  }

  private operator(kind: Kind, crosses: boolean, allowNot: boolean): Query {
    const r = this.r;
    const ops = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists'];
    // $all on a scalar matches an equal value in MongoDB, never in mingo: arrays only.
    if (kind === 'strings' || kind === 'numbers') ops.push('$all');
    // $size on a path crossing an array: mingo sizes the collected values, MongoDB each leaf.
    if (!crosses) ops.push('$size');
    // A regex against a timestamp column matches nothing here; mingo would test the ISO string.
    if (kind !== 'timestamp') ops.push('$regex', '$regex');
    if (allowNot) ops.push('$not');
    const op = r.pick(ops);
    switch (op) {
      case '$eq':
      case '$ne':
        return { [op]: this.literal(kind, crosses) };
      case '$in':
      case '$nin':
        // mingo's $in compares array values with the elements only; MongoDB (and we) also with the whole array.
        return { [op]: Array.from({ length: r.int(0, 4) }, () => (r.chance(0.15) ? null : this.scalar(kind))) };
      case '$exists':
        return { $exists: r.chance(0.5) };
      case '$regex':
        return r.chance(0.4) ? { $regex: r.pick(PATTERNS), $options: 'i' } : { $regex: r.pick(PATTERNS) };
      case '$not':
        return { $not: this.operator(kind, crosses, false) };
      case '$all':
        return { $all: Array.from({ length: r.int(0, 2) }, () => this.scalar(kind)) };
      case '$size':
        return { $size: r.int(0, 3) };
      default:
        return { [op]: this.scalar(kind) };
    }
  }

  /**
   * Null, an array (exact equality) or a scalar. No arrays on paths crossing an array: mingo
   * compares them with the collected values of all elements, MongoDB (and we) with each one's.
   */
  private literal(kind: Kind, crosses: boolean): unknown {
    const roll = this.r.next();
    if (roll < 0.1) return null;
    if (roll < 0.2 && !crosses) return list(this.r, 2, () => this.scalar(kind === 'numbers' ? 'number' : 'strings'));
    return this.scalar(kind);
  }

  /** Usually a value of the field's type, sometimes of another type. */
  private scalar(kind: Kind): string | number | boolean {
    const r = this.r;
    // Timestamps take ISO dates only (anything else is a 400), so their wrong types are numbers and booleans.
    const wrong: Kind[] = kind === 'timestamp' ? ['number', 'boolean'] : ['string', 'number', 'boolean', 'date'];
    const pool = r.chance(0.88) ? kind : r.pick(wrong);
    switch (pool) {
      case 'number':
      case 'numbers':
        return r.pick(NUMBERS);
      case 'free':
        return r.pick([r.pick(STRINGS), r.pick(NUMBERS), r.pick(TAGS), r.chance(0.5)]);
      case 'integer':
        return r.pick(INTEGERS);
      case 'boolean':
        return r.chance(0.5);
      case 'date':
        return r.pick(DATES);
      case 'strings':
        return r.pick(TAGS);
      case 'id':
        return r.pick(this.docs)._id;
      case 'timestamp':
        return r.pick(this.docs)._createdAt;
      case 'object':
      case 'objects':
        return r.pick([...SKUS, ...STRINGS]);
      default:
        return r.chance(0.3) ? r.pick(CITIES) : r.chance(0.3) ? r.pick(SKUS) : r.pick(STRINGS);
    }
  }
}
