import { describe, expect, it } from 'vitest';
import { getIn, pathOfFieldId, setIn } from './paths';

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
