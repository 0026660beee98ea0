import { formatDate, formatMoney, formatTimestamp } from '../../shared/format';
import type { RelationDetail, RelationLabel, RelationOption, RelationQuery } from './types';

/** Between the label and each detail of an option. */
export const DETAIL_SEPARATOR = ' · ';

/**
 * One detail value as the admin lists show it (cells.tsx): dates dd.mm.yyyy, money with its currency,
 * enum labels, integers (numbers, ids) without grouping; empty when there is nothing to show.
 */
export function formatDetail(value: unknown, { schema }: RelationDetail): string {
  if (value === undefined || value === null || value === '') return '';
  const labels = schema['x-enumLabels'];
  const index = schema.enum?.indexOf(value) ?? -1;
  if (labels && index >= 0 && labels[index] !== undefined) return labels[index];
  if (typeof value === 'number') {
    if (schema['x-currency']) return formatMoney(value, schema['x-currency']);
    return Number.isInteger(value) ? String(value) : value.toLocaleString('de-CH');
  }
  if (typeof value === 'string') {
    if (schema.format === 'date') return formatDate(value) || value;
    if (schema.format === 'date-time') return formatTimestamp(value) || value;
    return value;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return '';
}

/** A document as a select option of the relation: its key, its label and its formatted details. */
export function relationOptionOf(doc: Record<string, unknown>, relation: RelationQuery): RelationOption {
  const label = doc[relation.labelField];
  const detail = (relation.details ?? [])
    .map((detail) => formatDetail(doc[detail.field], detail))
    .filter(Boolean)
    .join(DETAIL_SEPARATOR);
  return {
    value: String(doc[relation.keyField] ?? doc._id),
    label: label === undefined || label === null ? String(doc._id) : String(label),
    ...(detail ? { detail } : {}),
    ...(relation.tree && typeof doc[relation.tree] === 'string' ? { parent: doc[relation.tree] as string } : {}),
  };
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/**
 * Documents already sorted by their label, with each run of one label ordered by the details' stored
 * values (dates as ISO text, amounts as numbers): three payments of one payer read in date order.
 */
export function orderByDetails<D extends Record<string, unknown>>(docs: D[], relation: RelationQuery): D[] {
  const details = relation.details ?? [];
  if (details.length === 0) return docs;
  const byDetails = (a: D, b: D) => {
    for (const { field } of details) {
      const order = compareValues(a[field], b[field]);
      if (order !== 0) return order;
    }
    return 0;
  };
  const out: D[] = [];
  for (let start = 0; start < docs.length;) {
    let end = start + 1;
    while (end < docs.length && docs[end][relation.labelField] === docs[start][relation.labelField]) end += 1;
    out.push(...docs.slice(start, end).sort(byDetails));
    start = end;
  }
  return out;
}

/** What an option shows: `Basler Bäckerei GmbH · 12.03.2024 · 2.100,00 CHF` (the label first, so typing it finds it). */
export function optionText(option: RelationOption): string {
  return option.detail ? `${option.label}${DETAIL_SEPARATOR}${option.detail}` : option.label;
}

/** Whether a document has every value of the relation's `where` (the server refuses others). */
export function matchesWhere(doc: Record<string, unknown>, where: RelationQuery['where']): boolean {
  return Object.entries(where ?? {}).every(([field, value]) => doc[field] === value);
}

/** The target fields an option needs: key, label, details and, in a tree, its parent. */
export function optionFields(relation: RelationQuery): string[] {
  const fields = [
    relation.labelField,
    relation.keyField,
    ...(relation.details ?? []).map((d) => d.field),
    ...(relation.tree ? [relation.tree] : []),
  ];
  return [...new Set(fields)];
}

/** One cache key per distinct option list: the same model asked with another `where` or details is another list. */
export function relationKey(relation: RelationQuery): string {
  return JSON.stringify([
    relation.model,
    relation.labelField,
    relation.keyField,
    relation.where ?? null,
    (relation.details ?? []).map((d) => d.field),
    relation.tree ?? null,
  ]);
}

/**
 * The label of the related document `id` in a document populated at `relation.path` (`items.user`: the
 * `user` of every item), as the server answered it: undefined when it left the key there (nothing to show).
 */
export function populatedLabel(
  doc: Record<string, unknown>,
  relation: RelationQuery,
  id: string,
): RelationLabel | undefined {
  if (!relation.path) return undefined;
  const [field, itemField] = relation.path.split('.');
  const held = doc[field];
  const values = itemField
    ? (Array.isArray(held) ? held : []).map((item: unknown) =>
        item && typeof item === 'object' ? (item as Record<string, unknown>)[itemField] : undefined,
      )
    : Array.isArray(held)
      ? held
      : [held];
  for (const value of values) {
    if (!value || typeof value !== 'object') continue;
    const target = value as Record<string, unknown>;
    const label = target[relation.labelField];
    if (target._id === id && label !== undefined && label !== null)
      return { label: String(label), deleted: target._deletedAt !== undefined };
  }
  return undefined;
}
