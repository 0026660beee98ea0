import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePastedItem } from './clipboard';
import { getIn, setIn } from './paths';

const invoiceItem = { type: 'object' as const, title: 'Invoice item' };

describe('parsePastedItem', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts valid JSON of the item type', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parsePastedItem('{"name":"Beratung","price":120,"count":2}', invoiceItem)).toEqual({
      name: 'Beratung',
      price: 120,
      count: 2,
    });
    expect(parsePastedItem('"admin"', { type: 'string' })).toBe('admin');
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs and ignores text that is not valid JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parsePastedItem('{name: Beratung}', invoiceItem)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not hold valid JSON'), expect.anything());
  });

  it('logs and ignores JSON of the wrong type, and an empty clipboard', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parsePastedItem('[1,2]', invoiceItem)).toBeUndefined();
    expect(parsePastedItem('12', invoiceItem)).toBeUndefined();
    expect(parsePastedItem(undefined, invoiceItem)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(3);
  });
});

describe('getIn / setIn', () => {
  it('reads and writes nested values without touching the original', () => {
    const doc = { name: 'A', items: [{ price: 1 }, { price: 2 }] };
    expect(getIn(doc, ['items', 1, 'price'])).toBe(2);
    const next = setIn(doc, ['items', 1, 'price'], 5);
    expect(next).toEqual({ name: 'A', items: [{ price: 1 }, { price: 5 }] });
    expect(doc.items[1].price).toBe(2);
    expect(next.items[0]).toBe(doc.items[0]);
    expect(setIn({}, ['items'], [1])).toEqual({ items: [1] });
  });
});
