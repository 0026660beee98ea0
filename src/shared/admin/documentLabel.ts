import { formatDate, formatTimestamp } from '../format';
import type { ModelInfo } from '../registry';

/**
 * A document's name as the admin shows it (page title, breadcrumb, delete dialog): its label field, a date
 * or date-time read as people write it ('09:00 27.11.2026', not '2026-11-27T08:00:00.000Z'). Undefined when
 * the field is empty.
 */
export function documentLabel(
  model: Pick<ModelInfo, 'labelField' | 'fields'>,
  doc: Record<string, unknown>,
): string | undefined {
  const value = doc[model.labelField];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === '') return undefined;
  const format = model.fields.find((field) => field.name === model.labelField)?.format;
  if (format === 'date-time') return formatTimestamp(value) || value;
  if (format === 'date') return formatDate(value) || value;
  return value;
}
