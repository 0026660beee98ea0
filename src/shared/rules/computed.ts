import type { ModelInfo } from '../registry';
import { roundCents } from './vat';

/**
 * The values of a model's computed fields (`x-computed`) for a document, rounded to cents: the server
 * stores them on every write, the edit form shows them while the user types. A money field
 * (`x-currency`) sums each line to the cent first, as documents print their lines: an invoice's total
 * is the sum of its printed line totals, so its VAT and gross match the PDF's.
 */
export function computedValues(model: Pick<ModelInfo, 'fields'>, doc: Record<string, unknown>): Record<string, number> {
  const values: Record<string, number> = {};
  for (const field of model.fields) {
    const computed = field.computed;
    if (!computed) continue;
    const rows = Array.isArray(doc[computed.array]) ? (doc[computed.array] as Record<string, unknown>[]) : [];
    const sum = rows.reduce((total, row) => {
      const product = computed.fields.reduce(
        (p, name) => p * (typeof row?.[name] === 'number' ? (row[name] as number) : 0),
        1,
      );
      return total + (field.currency ? roundCents(product) : product);
    }, 0);
    values[field.name] = roundCents(sum);
  }
  return values;
}
