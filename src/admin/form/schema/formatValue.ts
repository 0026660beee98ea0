import type { JsonSchema } from '../../../shared/registry';
import { formatDate, formatMoney, formatPaymentReference, formatTimestamp } from '../../../shared/format';

const numberFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

/** A stored value as people read it in a read-only field: dates, money, enum labels, yes/no. */
export function formatValue(value: unknown, schema: JsonSchema, enumLabels?: string[]): string {
  if (value === undefined || value === null || value === '') return '—';
  const labels = enumLabels ?? schema['x-enumLabels'];
  if (schema.enum && labels) {
    const index = schema.enum.indexOf(value);
    if (index >= 0 && labels[index] !== undefined) return labels[index];
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    return schema['x-currency'] ? formatMoney(value, schema['x-currency']) : numberFormat.format(value);
  }
  if (typeof value === 'string') {
    if (schema['x-display'] === 'paymentReference') return formatPaymentReference(value);
    if (schema.format === 'date') return formatDate(value) || value;
    if (schema.format === 'date-time') return formatTimestamp(value) || value;
    return value;
  }
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) {
    return value.map((item) => formatValue(item, schema.items ?? {})).join(', ');
  }
  return JSON.stringify(value, null, 2);
}
