import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { prepareSchema } from '../schema/prepareSchema';
import { checkPastedItem } from './clipboard';

/** The invoice items' item schema as the form has it: inlined. */
const invoiceItem = prepareSchema(schemaSet.values.invoiceItem, schemaSet);
const option = prepareSchema(schemaSet.elements['special.configurator'], schemaSet).properties!.sections.items!
  .properties!.options.items!;
const problemOf = (value: unknown, schema = invoiceItem) => {
  const checked = checkPastedItem(typeof value === 'string' ? value : JSON.stringify(value), schema);
  if (checked.ok) throw new Error('accepted');
  return checked.problem;
};

describe('checkPastedItem', () => {
  it('accepts an item its schema accepts', () => {
    const item = { name: 'Beratung', price: 120, count: 2 };
    expect(checkPastedItem(JSON.stringify(item), invoiceItem)).toEqual({ ok: true, value: item });
    expect(checkPastedItem('"admin"', { type: 'string' })).toEqual({ ok: true, value: 'admin' });
  });

  it('refuses an item its schema refuses, naming the problems in the form’s titles', () => {
    expect(problemOf({ name: 'Beratung', count: 2 })).toBe('Invoice item › Price: is required');
    expect(problemOf({ name: '', price: '120', count: 2 })).toBe(
      'Invoice item › Name: must not be empty; Invoice item › Price: must be a number',
    );
    expect(problemOf([1, 2])).toBe('Invoice item: must be an object');
    expect(problemOf({ label: 'S', price: -5, extra: 1 }, option)).toBe(
      'Option › extra: is not a known field; Option › Price: must be at least 0,00 CHF',
    );
    // A money field's limit reads as money, as the form shows the field.
    expect(problemOf({ name: 'Beratung', price: 2_000_000, count: 1 })).toBe(
      'Invoice item › Price: must be at most 1.000.000,00 €',
    );
    expect(problemOf({ a: 1, b: 2, c: 3, d: 4 })).toMatch(/^Invoice item › Name: is required; .*; and \d+ more$/);
  });

  it('says what the clipboard holds when it is no JSON', () => {
    expect(problemOf('Beratung, 120')).toBe(
      'The clipboard does not hold valid JSON, no copied item. Copy an item with its copy button, then paste.',
    );
    expect(checkPastedItem(undefined, invoiceItem)).toMatchObject({ ok: false, problem: /^The clipboard is empty/ });
    expect(checkPastedItem('[1,2]', invoiceItem).ok).toBe(false);
    expect(checkPastedItem('12', invoiceItem).ok).toBe(false);
  });
});
