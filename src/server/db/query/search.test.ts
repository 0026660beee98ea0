import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../../shared/registry';
import { searchExpression } from '../tables';
import { translateSearch } from './index';
import { probe } from './testing/probe';

describe('translateSearch', () => {
  it('matches a lower-cased substring of the searchable fields, as a parameter', () => {
    const { text, params } = translateSearch('Basel', probe)!.compile();
    expect(text).toMatch(/^"g_s_[0-9a-f]{6}" LIKE '%' \|\| lower\(\$1::text\) \|\| '%'$/);
    expect(params).toEqual(['Basel']);
    expect(searchExpression(probe)?.compile().text).toBe(
      "lower(coalesce((doc->>'name'), '') || ' ' || coalesce((doc->>'code'), ''))",
    );
  });

  it('escapes the LIKE wildcards and trims the term', () => {
    expect(translateSearch('  50%_off\\ ', probe)?.compile().params).toEqual(['50\\%\\_off\\\\']);
  });

  it('adds no condition for an empty term', () => {
    expect(translateSearch('', probe)).toBeUndefined();
    expect(translateSearch('   ', probe)).toBeUndefined();
  });

  it('rejects long terms and models without searchable fields', () => {
    expect(() => translateSearch('x'.repeat(201), probe)).toThrow('Search term too long (at most 200 characters)');
    const plain = createRegistry({
      models: { tally: { title: 'Tally', type: 'object', properties: { n: { type: 'number' } } } },
      elements: {},
      values: {},
    });
    expect(() => translateSearch('x', plain.models.tally)).toThrow('Tally has no searchable fields');
    expect(translateSearch('', plain.models.tally)).toBeUndefined();
  });
});
