import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry } from '../../../shared/registry';
import { translateWhere, type QueryContext } from './index';
import { probeContext } from './testing/probe';

/** Everything a hostile or careless client might send: each is a 400 naming the culprit. */
function rejection(query: unknown, ctx: QueryContext = probeContext): HttpError {
  try {
    translateWhere(query, ctx);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

const nest = (levels: number): Record<string, unknown> => (levels === 0 ? { name: 'x' } : { $and: [nest(levels - 1)] });
const notNest = (levels: number): Record<string, unknown> =>
  levels === 0 ? { $eq: 1 } : { $not: notNest(levels - 1) };
class Custom {
  name = 'x';
}

const CASES: [string, unknown, string | RegExp][] = [
  ['$where', { $where: 'this.a == 1' }, 'Unknown operator $where'],
  ['$function', { $function: { body: 'return 1' } }, 'Unknown operator $function'],
  ['$expr', { $expr: { $eq: ['$a', 1] } }, 'Unknown operator $expr'],
  ['$text', { $text: { $search: 'x' } }, 'Unknown operator $text'],
  ['$where inside $or', { $or: [{ $where: '1' }] }, 'Unknown operator $where'],
  ['a field operator $where', { name: { $where: '1' } }, 'Unknown operator $where'],
  ['$elemMatch', { lines: { $elemMatch: { qty: 1 } } }, 'Unknown operator $elemMatch'],
  ['$type', { name: { $type: 'string' } }, 'Unknown operator $type'],
  ['$not at the top', { $not: { name: 'x' } }, /\$not applies to a field/],
  ['__proto__ key', JSON.parse('{"__proto__": {"name": "x"}}'), 'Forbidden key __proto__ in query'],
  ['__proto__ in a condition', { name: JSON.parse('{"__proto__": 1}') }, /Forbidden key __proto__/],
  ['constructor', { constructor: 1 }, /Forbidden key constructor/],
  ['prototype in a path', { 'extra.prototype': 1 }, /Forbidden key prototype/],
  ['__proto__ in a path', { 'address.__proto__.city': 1 }, /Forbidden key __proto__/],
  ['an unknown field', { passwordHash: 'x' }, 'Unknown field passwordHash of Probe'],
  ['an unknown nested field', { 'address.country': 'CH' }, 'Unknown field address.country of Probe'],
  ['a path below a scalar', { 'name.length': 1 }, 'Unknown field name.length of Probe'],
  ['a path below a system field', { '_id.x': 1 }, 'Unknown field _id.x of Probe'],
  ['a path below an array of scalars', { 'tags.0': 'x' }, 'Unknown field tags.0 of Probe'],
  ['a $ segment in a path', { 'extra.$where': 1 }, 'Unknown field extra.$where of Probe'],
  ['an empty segment', { 'extra..k': 1 }, 'Unknown field extra..k of Probe'],
  ['a secret field', { password: 'hunter2' }, 'Field password of Probe cannot be queried'],
  ['a field for other roles', { salary: { $gt: 1 } }, 'Field salary of Probe cannot be queried'],
  ['a query that is an array', [{ name: 'x' }], /must be a plain object/],
  ['a query that is a string', '{"name":"x"}', /must be a plain object/],
  ['a Date query', new Date(), /must be a plain object/],
  ['a class instance query', new Custom(), /must be a plain object/],
  ['a Map condition', { name: new Map([['$eq', 'x']]) }, 'Unsupported value in the condition on name'],
  ['a RegExp value', { name: /x/ }, 'Unsupported value in the condition on name'],
  ['a Date value', { _createdAt: new Date() }, 'Unsupported value in the condition on _createdAt'],
  ['undefined', { name: undefined }, 'Unsupported value in the condition on name'],
  ['a bigint', { count: 1n }, 'Unsupported value in the condition on count'],
  ['NaN', { total: Number.NaN }, 'Invalid number in the condition on total'],
  ['Infinity in $gt', { total: { $gt: Number.POSITIVE_INFINITY } }, '$gt on total needs a string, number or boolean'],
  ['null in $gt', { total: { $gt: null } }, '$gt on total needs a string, number or boolean'],
  ['an array in $lte', { total: { $lte: [1] } }, '$lte on total needs a string, number or boolean'],
  ['an object in $eq', { name: { $eq: { a: 1 } } }, 'Unsupported value in the condition on name'],
  ['equality with an object', { address: { city: 'Basel' } }, /Equality with an object is not supported on address/],
  [
    'mixed operators and fields',
    { address: { $exists: true, city: 'x' } },
    'Cannot mix operators and fields in the condition on address',
  ],
  ['nested arrays', { tags: [['a']] }, /Nested arrays and objects are not supported/],
  ['$in not an array', { name: { $in: 'x' } }, '$in on name needs an array'],
  [
    '$in with 1001 values',
    { name: { $in: Array.from({ length: 1001 }, (_, i) => `n${i}`) } },
    '$in on name has more than 1000 values',
  ],
  ['$nin with objects', { name: { $nin: [{ a: 1 }] } }, 'Unsupported value in the condition on name'],
  ['$all with null', { tags: { $all: [null] } }, '$all on tags needs a string, number or boolean'],
  ['$exists: "yes"', { name: { $exists: 'yes' } }, '$exists on name needs true or false'],
  ['$size: -1', { tags: { $size: -1 } }, '$size on tags needs a non-negative integer'],
  ['$size: 1.5', { tags: { $size: 1.5 } }, '$size on tags needs a non-negative integer'],
  ['$not with a value', { name: { $not: 'x' } }, /\$not on name must be a plain object/],
  ['$not with fields', { name: { $not: { a: 1 } } }, /\$not on name needs operators/],
  ['$or empty', { $or: [] }, '$or needs a non-empty array of conditions'],
  ['$and not an array', { $and: { name: 'x' } }, '$and needs a non-empty array of conditions'],
  ['$or of strings', { $or: ['name'] }, /must be a plain object/],
  ['$options without $regex', { name: { $options: 'i' } }, '$options without $regex on name'],
  ['$options m', { name: { $regex: 'a', $options: 'm' } }, /Unsupported \$options m on name: only 'i'/],
  ['$options is', { name: { $regex: 'a', $options: 'is' } }, /Unsupported \$options is/],
  ['$regex not a string', { name: { $regex: 5 } }, '$regex on name needs a string'],
  ['$regex too long', { name: { $regex: 'a'.repeat(201) } }, '$regex on name is longer than 200 characters'],
  ['an invalid regex', { name: { $regex: '(' } }, 'Invalid regular expression on name'],
  ['lookahead', { name: { $regex: 'a(?=b)' } }, /lookarounds and named groups/],
  ['lookbehind', { name: { $regex: '(?<!a)b' } }, /lookarounds and named groups/],
  ['a backreference', { name: { $regex: '(a)\\1' } }, /\\1 is not supported/],
  ['a too-deep $and chain', nest(10), /nested too deeply/],
  ['a too-deep $not chain', { total: notNest(10) }, /nested too deeply/],
  [
    '101 conditions',
    { $or: Array.from({ length: 100 }, (_, i) => ({ count: i })) },
    'Too many conditions in query (at most 100)',
  ],
  [
    'more than 10,000 values in all',
    {
      $or: Array.from({ length: 11 }, (_, i) => ({
        name: { $in: Array.from({ length: 1000 }, (_, j) => `${i}${j}`) },
      })),
    },
    'Too many values in query: 11000 (at most 10000 in all)',
  ],
  ['a long value', { name: 'x'.repeat(10_001) }, 'Value too long in the condition on name'],
  ['a long path', { [`extra.${'k.'.repeat(10)}k`]: 1 }, /Field path too long/],
  ['an invalid date', { _createdAt: { $gt: 'yesterday' } }, 'Invalid date yesterday for _createdAt'],
  ['an impossible month', { _createdAt: '2024-13-01' }, /Invalid date 2024-13-01/],
];

describe('translateWhere rejects', () => {
  it.each(CASES)('%s', (_, query, message) => {
    const error = rejection(query);
    expect(error.status).toBe(400);
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });

  it('accepts what the limits allow', () => {
    expect(() => translateWhere(nest(3), probeContext)).not.toThrow();
    expect(() =>
      translateWhere({ $or: Array.from({ length: 99 }, (_, i) => ({ count: i })) }, probeContext),
    ).not.toThrow();
    expect(() =>
      translateWhere({ name: { $in: Array.from({ length: 1000 }, (_, i) => `n${i}`) } }, probeContext),
    ).not.toThrow();
    expect(() => translateWhere({ 'extra.anything.below': 1 }, probeContext)).not.toThrow();
    expect(() => translateWhere(Object.assign(Object.create(null), { name: 'x' }), probeContext)).not.toThrow();
  });

  it('refuses secret fields even when the caller may read them', () => {
    const registry = createRegistry(schemaSet);
    const ctx: QueryContext = { model: registry.models.user, canRead: () => true };
    expect(rejection({ password: { $regex: '^\\$argon' } }, ctx).message).toBe(
      'Field password of User cannot be queried',
    );
    expect(rejection({ passwordHash: 'x' }, { model: registry.models.client, canRead: () => true }).message).toBe(
      'Unknown field passwordHash of Client',
    );
  });

  it('asks canRead about every field it touches', () => {
    const asked: string[] = [];
    const ctx: QueryContext = { ...probeContext, canRead: (field) => (asked.push(field.name), field.name !== 'code') };
    expect(rejection({ name: 'x', $or: [{ code: 'y' }] }, ctx).message).toBe('Field code of Probe cannot be queried');
    expect(asked).toEqual(['name', 'code']);
  });
});
