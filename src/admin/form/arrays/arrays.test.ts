import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePastedItem } from './clipboard';
import { getIn, pathOfFieldId, setIn } from './paths';

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

describe('pathOfFieldId', () => {
  const data = { text: 'a', call_to_action: { label: 'b' }, items: [{ text: 'c' }, { rich_text: 'd' }] };

  it('finds the data path of a field id, keys with underscores included', () => {
    expect(pathOfFieldId('element_text', 'element', data)).toEqual(['text']);
    expect(pathOfFieldId('element_call_to_action_label', 'element', data)).toEqual(['call_to_action', 'label']);
    expect(pathOfFieldId('element_items_1_rich_text', 'element', data)).toEqual(['items', 1, 'rich_text']);
  });

  it('takes a field not in the data yet as the rest of the id, and refuses other forms', () => {
    expect(pathOfFieldId('element_quote_text', 'element', {})).toEqual(['quote_text']);
    expect(pathOfFieldId('root_text', 'element', data)).toBeUndefined();
    expect(pathOfFieldId('element_items_x', 'element', data)).toBeUndefined();
  });
});
