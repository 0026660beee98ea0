import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../registry';
import { computedValues } from './computed';

const total = (currency: boolean) =>
  ({
    fields: [
      { name: 'items' },
      {
        name: 'total',
        currency: currency ? 'EUR' : undefined,
        computed: { op: 'sumOfProducts', array: 'items', fields: ['price', 'count'] },
      },
    ],
  }) as unknown as Pick<ModelInfo, 'fields'>;

describe('computedValues', () => {
  it('sums price times count over the lines, rounded to cents', () => {
    const items = [
      { price: 12.5, count: 3 },
      { price: 0.1, count: 0.2 },
    ];
    expect(computedValues(total(false), { items })).toEqual({ total: 37.52 });
  });

  it('rounds each line of a money total to the cent first, as the documents print them', () => {
    const items = [
      { price: 0.333, count: 1 },
      { price: 0.333, count: 1 },
      { price: 0.333, count: 1 },
    ];
    expect(computedValues(total(true), { items })).toEqual({ total: 0.99 });
    expect(computedValues(total(false), { items })).toEqual({ total: 1 });
  });

  it('counts a line field that is no number (typed text, missing) as 0, and no lines as 0', () => {
    expect(computedValues(total(true), { items: [{ price: '4.5O', count: 2 }, { price: 10 }, null] })).toEqual({
      total: 0,
    });
    expect(computedValues(total(true), {})).toEqual({ total: 0 });
  });

  it('has nothing to say about a model without computed fields', () => {
    expect(computedValues({ fields: [] } as unknown as Pick<ModelInfo, 'fields'>, { items: [] })).toEqual({});
  });
});
