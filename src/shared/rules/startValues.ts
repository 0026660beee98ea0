import type { ModelInfo } from '../registry';
import { zonedDay } from '../format/zonedDays';

/**
 * A new document's first values that a schema's `default` cannot give (`x-default`): `today` on a date field is
 * the day of `now` in the business's zone (Europe/Zurich), so a new invoice starts dated the day it is written.
 * Only the admin's form for a new document uses them; the person may change them before saving.
 */
export function startValues(model: Pick<ModelInfo, 'fields'>, now: number): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of model.fields) {
    if (field.schema['x-default'] === 'today' && field.format === 'date') values[field.name] = zonedDay(now);
  }
  return values;
}
