import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../../shared/registry';
import { translateSearch } from './index';
import { probe } from './testing/probe';

describe('translateSearch', () => {
  it('matches a lower-cased substring of the searchable fields, as a parameter', () => {
    expect(translateSearch('Basel', probe)?.compile()).toEqual({
      text: "lower(coalesce((doc->>'name'), '') || ' ' || coalesce((doc->>'code'), '')) LIKE '%' || lower($1::text) || '%'",
      params: ['Basel'],
    });
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
    const plain = createRegistry({ models: { tally: { title: 'Tally', type: 'object', properties: { n: { type: 'number' } } } }, elements: {}, values: {} });
    expect(() => translateSearch('x', plain.models.tally)).toThrow('Tally has no searchable fields');
    expect(translateSearch('', plain.models.tally)).toBeUndefined();
  });
});
