import { formatDate, formatTimestamp } from '../format';
import { fieldValue, type ModelInfo } from '../registry';
import { TITLE_PLACEHOLDER } from '../registry/titleParts';
import type { TitlePart } from '../vocabulary';

type LabelledModel = Pick<ModelInfo, 'labelField' | 'fields' | 'titleParts'>;

/** The `format` of the field at a dotted path (`data.agb`), as far as the model's fields tell. */
function formatOf(model: LabelledModel, path: string): string | undefined {
  const [top, ...rest] = path.split('.');
  const field = model.fields.find((candidate) => candidate.name === top);
  if (rest.length === 0) return field?.format;
  let schema = field?.schema;
  for (const key of rest) schema = schema?.properties?.[key];
  return schema?.format;
}

/** One value as people read it: a date or date-time as they write it, a number as it is; '' when empty. */
function valueText(model: LabelledModel, doc: Record<string, unknown>, path: string, dateOnly = false): string {
  const value = fieldValue(doc, path);
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === '') return '';
  const format = formatOf(model, path);
  if (format === 'date-time') return (dateOnly ? formatDate(value) : formatTimestamp(value)) || value;
  if (format === 'date') return formatDate(value) || value;
  return value;
}

/** A template filled from the document; '' when none of its placeholders has a value. */
function filled(model: LabelledModel, doc: Record<string, unknown>, template: string): string {
  let any = false;
  const text = template.replace(TITLE_PLACEHOLDER, (_match, path: string, as?: string) => {
    const value = valueText(model, doc, path, as === 'date');
    if (value) any = true;
    return value;
  });
  return any ? text.replace(/\s+/g, ' ').trim() : '';
}

function titled(model: LabelledModel, doc: Record<string, unknown>, parts: TitlePart[]): string | undefined {
  const texts = parts
    .map((part) => (Array.isArray(part) ? part : [part]).map((template) => filled(model, doc, template)).find(Boolean))
    .filter(Boolean);
  return texts.length ? texts.join(' · ') : undefined;
}

/**
 * A document's name as the admin shows it (page title, breadcrumb, delete dialog): its `x-title`
 * (`#17 · Lukas Brunner · 02.05.2024`), else its label field, a date or date-time read as people write it
 * ('09:00 27.11.2026', not '2026-11-27T08:00:00.000Z'). Undefined when there is nothing to show.
 */
export function documentLabel(model: LabelledModel, doc: Record<string, unknown>): string | undefined {
  if (model.titleParts) return titled(model, doc, model.titleParts);
  return valueText(model, doc, model.labelField) || undefined;
}
