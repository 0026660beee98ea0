import { describe, expect, it } from 'vitest';
import { formChanged } from './formChanged';

describe('formChanged', () => {
  const defaults = { status: 'open', multiplier: 1, address: { country: 'Schweiz' } };

  it('sees no change in the defaults a new form fills in, nor in empty values', () => {
    expect(formChanged({ status: 'open', multiplier: 1, name: '', items: [] }, {}, defaults)).toBe(false);
    expect(formChanged({ address: { country: 'Schweiz', street: '' } }, {}, defaults)).toBe(false);
    expect(formChanged({ name: undefined, client: null }, { name: '' }, defaults)).toBe(false);
  });

  it('sees a value typed back to what was loaded as no change', () => {
    const base = { _id: 'a', name: 'Beratung', items: [{ name: 'Workshop', count: 2 }] };
    expect(formChanged({ ...base, name: 'Beratung' }, base, defaults)).toBe(false);
    expect(formChanged({ ...base, name: 'Beratung Q1' }, base, defaults)).toBe(true);
  });

  it('sees every change a person makes: a value, a default changed, an item added, a field emptied', () => {
    expect(formChanged({ status: 'paid' }, {}, defaults)).toBe(true);
    expect(formChanged({ multiplier: 1.2 }, { multiplier: 1 }, defaults)).toBe(true);
    expect(formChanged({ items: [{ name: 'A' }, { name: 'B' }] }, { items: [{ name: 'A' }] })).toBe(true);
    expect(formChanged({ name: '' }, { name: 'Beratung' })).toBe(true);
    expect(formChanged({ address: { country: 'Deutschland' } }, {}, defaults)).toBe(true);
  });

  it('leaves out ignored (computed) fields', () => {
    expect(formChanged({ total: 0 }, {}, undefined, new Set(['total']))).toBe(false);
    expect(formChanged({ total: 0 }, {})).toBe(true);
  });
});
