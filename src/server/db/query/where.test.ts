import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry } from '../../../shared/registry';
import { translateWhere, type QueryContext } from './index';
import { probeContext } from './testing/probe';

const where = (query: unknown, ctx: QueryContext = probeContext) => translateWhere(query, ctx).compile();

describe('translateWhere', () => {
  it('is TRUE without a query', () => {
    expect(where(undefined)).toEqual({ text: 'TRUE', params: [] });
    expect(where({})).toEqual({ text: 'TRUE', params: [] });
  });

  it('compares indexed fields through their columns, others through the index expressions', () => {
    expect(where({ name: 'x' })).toEqual({ text: '"g_t_name" COLLATE "baukasten_sort" = $1', params: ['x'] });
    expect(where({ total: { $gte: 10, $lt: 20 } })).toEqual({
      text: '("g_n_total" >= $1 AND "g_n_total" < $2)',
      params: [10, 20],
    });
    expect(where({ active: true })).toEqual({ text: "((doc->>'active')::boolean) = $1", params: [true] });
    expect(where({ 'address.city': { $regex: '^Bas', $options: 'i' } })).toEqual({
      text: "(doc->'address'->>'city') ~* $1",
      params: ['^Bas'],
    });
  });

  it('matches nothing when the value has another type than the field (type bracketing)', () => {
    expect(where({ name: 5 }).text).toBe('FALSE');
    expect(where({ total: { $gt: '5' } }).text).toBe('FALSE');
    expect(where({ total: { $regex: '1' } }).text).toBe('FALSE');
    expect(where({ name: ['a'] }).text).toBe('FALSE');
  });

  it('treats null as missing or null, and $ne/$nin as also matching missing fields', () => {
    expect(where({ name: null }).text).toBe('"g_t_name" IS NULL');
    expect(where({ name: { $ne: 'x' } }).text).toBe('("g_t_name" COLLATE "baukasten_sort" = $1) IS NOT TRUE');
    expect(where({ count: { $nin: [1, null] } }).text).toBe(
      '(("g_n_count" IS NULL OR "g_n_count" IN ($1))) IS NOT TRUE',
    );
    expect(where({ active: { $exists: false } }).text).toBe("((doc->'active') IS NOT NULL) IS NOT TRUE");
    expect(where({ active: { $exists: true } }).text).toBe("(doc->'active') IS NOT NULL");
  });

  it('reads equality on an array field as "contains", and an array value as exact equality', () => {
    expect(where({ tags: 'red' })).toEqual({ text: "(doc->'tags') @> $1::jsonb", params: ['["red"]'] });
    expect(where({ tags: ['red', 'blue'] })).toEqual({ text: "(doc->'tags') = $1::jsonb", params: ['["red","blue"]'] });
    expect(where({ tags: { $in: ['a', 'b'] } })).toEqual({
      text: "((doc->'tags') @> $1::jsonb OR (doc->'tags') @> $2::jsonb)",
      params: ['["a"]', '["b"]'],
    });
    expect(where({ tags: { $all: ['a', 'b'] } }).text).toBe(
      "((doc->'tags') @> $1::jsonb AND (doc->'tags') @> $2::jsonb)",
    );
    expect(where({ tags: { $size: 2 } }).text).toBe(
      "(CASE WHEN jsonb_typeof((doc->'tags')) = 'array' THEN jsonb_array_length((doc->'tags')) END) = $1",
    );
    expect(where({ tags: { $gt: 'm' } }).text).toContain('jsonb_array_elements');
  });

  it('keeps only the values of the field type in $in', () => {
    expect(where({ count: { $in: [1, '2', true, 3] } })).toEqual({ text: '"g_n_count" IN ($1, $2)', params: [1, 3] });
    expect(where({ count: { $in: [] } }).text).toBe('FALSE');
  });

  it('combines with $and, $or, $nor and $not', () => {
    expect(where({ $or: [{ name: 'a' }, { count: 2 }] }).text).toBe(
      '("g_t_name" COLLATE "baukasten_sort" = $1 OR "g_n_count" = $2)',
    );
    expect(where({ $and: [{ name: 'a' }], count: 1 }).text).toBe(
      '("g_t_name" COLLATE "baukasten_sort" = $1 AND "g_n_count" = $2)',
    );
    expect(where({ $nor: [{ name: 'a' }, { name: 'b' }] }).text).toBe(
      '(("g_t_name" COLLATE "baukasten_sort" = $1 OR "g_t_name" COLLATE "baukasten_sort" = $2)) IS NOT TRUE',
    );
    expect(where({ total: { $not: { $gt: 5 } } }).text).toBe('("g_n_total" > $1) IS NOT TRUE');
  });

  it('maps system fields to columns and reads ISO dates as UTC instants', () => {
    expect(where({ _id: { $in: ['a', 'b'] } })).toEqual({ text: '"_id" IN ($1, $2)', params: ['a', 'b'] });
    expect(where({ _createdAt: { $gte: '2024-01-01' } })).toEqual({
      text: '"created_at" >= $1::timestamptz',
      params: ['2024-01-01T00:00:00.000Z'],
    });
    expect(where({ _updatedAt: { $lt: '2024-01-01T10:00:00+02:00' } }).params).toEqual(['2024-01-01T08:00:00.000Z']);
    expect(where({ _createdAt: { $lt: '2024-01-01T10:00' } }).params).toEqual(['2024-01-01T10:00:00.000Z']);
    expect(where({ _deletedAt: null }).text).toBe('"deleted_at" IS NULL');
    expect(where({ _deletedAt: { $exists: true } }).text).toBe('"deleted_at" IS NOT NULL');
    expect(where({ _createdAt: { $exists: true } }).text).toBe('TRUE');
    expect(where({ _version: { $gt: 2 } })).toEqual({ text: '"version" > $1', params: [2] });
    expect(where({ _createdAt: 5 }).text).toBe('FALSE');
  });

  it('crosses arrays of objects like MongoDB (some element matches)', () => {
    expect(where({ 'lines.qty': { $gt: 1 } }).text).toBe(
      `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof((doc->'lines')) = 'array' THEN (doc->'lines') END) AS "e1"(v) WHERE (("e1".v->>'qty')::numeric) > $1)`,
    );
    expect(where({ 'lines.sku': { $ne: 'A1' } }).text).toMatch(/^\(EXISTS .*\) IS NOT TRUE$/);
    expect(where({ 'lines.qty': null }).text).toMatch(
      /^\(\(doc->'lines'\) IS NULL OR .* OR EXISTS .*@> 'null'::jsonb\)\)$/,
    );
  });

  it('compares free-form values by their JSON type, with odd keys as parameters', () => {
    expect(where({ 'extra.some-key': 1 })).toEqual({
      text: "(doc->'extra'->$1::text) @> $2::jsonb",
      params: ['some-key', '1'],
    });
    expect(where({ 'extra.k': { $lt: 3 } }).text).toContain(
      "jsonb_typeof((doc->'extra'->'k')) = 'number' AND (doc->'extra'->'k') < $1::jsonb",
    );
  });

  it('never puts a value into the SQL text', () => {
    const evil = "x'); DROP TABLE doc_probe; --";
    const { text, params } = where({
      name: evil,
      'extra.k': { $in: [evil] },
      'address.city': { $regex: evil.replace(/[()]/g, '') },
    });
    expect(text).not.toContain('DROP');
    expect(params).toContain(evil);
  });

  it('follows $refs below the top level when given a resolver', () => {
    const registry = createRegistry(schemaSet);
    const ctx: QueryContext = { model: registry.models.invoice, canRead: () => true, resolver: registry.resolver };
    expect(where({ 'items.price': { $gt: 10 } }, ctx).text).toContain(`(("e1".v->>'price')::numeric) > $1`);
    expect(() => where({ 'items.colour': 'red' }, ctx)).toThrow('Unknown field items.colour of Invoice');
    // Without it the items are free-form: compared by JSON type.
    expect(where({ 'items.price': { $gt: 10 } }, { ...ctx, resolver: undefined }).text).toContain(
      `jsonb_typeof(("e1".v->'price')) = 'number'`,
    );
    const clients: QueryContext = { model: registry.models.client, canRead: () => true };
    expect(where({ 'address.city': 'Basel' }, clients).text).toBe("(doc->'address'->>'city') = $1");
  });
});
