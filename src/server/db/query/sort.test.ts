import { describe, expect, it } from 'vitest';
import { translateSort } from './index';
import { probeContext } from './testing/probe';

const orderBy = (input: unknown) => translateSort(input, probeContext).compile().text;

describe('translateSort', () => {
  it('puts missing values first ascending and last descending, then breaks ties by _id', () => {
    expect(orderBy({ name: 1 })).toBe(`"g_t_name" COLLATE "baukasten_sort" ASC NULLS FIRST, "_id" ASC`);
    expect(orderBy({ total: -1 })).toBe(`"g_n_total" DESC NULLS LAST, "_id" DESC`);
    expect(orderBy({ 'address.geo.lat': 'asc', active: 'descending' })).toBe(
      `((doc->'address'->'geo'->>'lat')::numeric) ASC NULLS FIRST, ((doc->>'active')::boolean) DESC NULLS LAST, "_id" DESC`,
    );
  });

  it('sorts system fields by their columns', () => {
    expect(orderBy({ _createdAt: 'DESC' })).toBe('"created_at" DESC, "_id" DESC');
    expect(orderBy({ _deletedAt: 'ascending' })).toBe('"deleted_at" ASC NULLS FIRST, "_id" ASC');
    expect(orderBy({ _id: -1, name: 1 })).toBe(`"_id" DESC, "g_t_name" COLLATE "baukasten_sort" ASC NULLS FIRST`);
  });

  it('orders by _id alone without a sort', () => {
    expect(orderBy(undefined)).toBe('"_id" ASC');
    expect(orderBy(null)).toBe('"_id" ASC');
    expect(orderBy({})).toBe('"_id" ASC');
  });

  it.each([
    [{ name: 2 }, 'Invalid sort direction for name: use 1 or -1'],
    [{ name: 'up' }, 'Invalid sort direction for name: use 1 or -1'],
    [{ name: true }, 'Invalid sort direction for name: use 1 or -1'],
    [{ name: { $meta: 'textScore' } }, 'Invalid sort direction for name: use 1 or -1'],
    [{ tags: 1 }, 'Field tags of Probe cannot be sorted'],
    [{ extra: 1 }, 'Field extra of Probe cannot be sorted'],
    [{ 'extra.k': 1 }, 'Field extra.k of Probe cannot be sorted'],
    [{ 'lines.qty': 1 }, 'Field lines.qty of Probe cannot be sorted'],
    [{ password: 1 }, 'Field password of Probe cannot be queried'],
    [{ salary: -1 }, 'Field salary of Probe cannot be queried'],
    [{ nope: 1 }, 'Unknown field nope of Probe'],
    [{ $natural: 1 }, 'Unknown sort operator $natural'],
    [JSON.parse('{"__proto__": 1}'), 'Forbidden key __proto__ in __proto__'],
    [['name'], 'Sort must be an object like { name: 1 }'],
    ['name', 'Sort must be an object like { name: 1 }'],
    [
      Object.fromEntries(
        ['name', 'code', 'total', 'count', 'active', 'due', '_id', '_createdAt', '_version'].map((k) => [k, 1]),
      ),
      'Sort by at most 8 fields',
    ],
  ])('rejects %j', (input, message) => {
    expect(() => translateSort(input, probeContext)).toThrow(message);
  });
});
