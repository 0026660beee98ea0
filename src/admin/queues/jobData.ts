import type { JobDataSchema, QueueJob, QueueReferences } from '../../shared/api/queues';

/** Longest value the Data column shows before it cuts it with '…' (the whole value is in its tooltip). */
export const VALUE_CHARS = 40;

/** A referenced document's name as the caller may read it. */
export interface DocumentName {
  name: string;
  deleted: boolean;
}

/** One field of a job's data as the queues screen shows it. */
export interface DataEntry {
  key: string;
  /** 'Preset name' for presetName; a reference is named by its document ('File' for fileId). */
  label: string;
  /** What the cell shows: at most VALUE_CHARS characters. */
  value: string;
  /** The whole value (the tooltip). */
  full: string;
  /** The value is a document id that has no name the caller may read (shown as the id). */
  unresolved?: boolean;
}

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** 'presetName' -> 'Preset name', 'reply_to' -> 'Reply to', 'fileId' of a reference -> 'File'. */
export function fieldLabel(key: string, reference = false): string {
  const base = reference ? key.replace(/_?(Id|ID|id)$/, '') || key : key;
  const words = base
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

/** Cuts a text to `max` characters (code points), the last one an ellipsis. */
export function truncate(text: string, max = VALUE_CHARS): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

const scalar = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? String(value));

/** A value in one line: a nested object as `key: value` pairs, a list joined by commas, deeper levels as JSON. */
export function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(scalar).join(', ');
  if (value !== null && typeof value === 'object')
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${scalar(inner)}`)
      .join(', ');
  return scalar(value);
}

/**
 * `value` with an object's keys in the order of the schema's properties, the others after them in alphabetical
 * order, and so on down nested objects: stored as jsonb, the keys come back ordered by length, which means nothing.
 */
export function orderedBySchema(value: unknown, schema: JobDataSchema | undefined): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => orderedBySchema(item, undefined));
  const record = value as Record<string, unknown>;
  const declared = Object.keys(schema?.properties ?? {}).filter((key) => Object.hasOwn(record, key));
  const others = Object.keys(record)
    .filter((key) => !declared.includes(key))
    .sort();
  const extra = typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  return Object.fromEntries(
    [...declared, ...others].map((key) => [key, orderedBySchema(record[key], schema?.properties?.[key] ?? extra)]),
  );
}

/**
 * A job's data as readable pairs (spec section 2 "Queues", column Data): one entry per field, ids of
 * referenced documents replaced by their names when `names` knows them, long values cut; in the order of the
 * queue's job schema (`QUEUE_JOB_SCHEMAS`), labelled by its titles.
 */
export function jobDataEntries(
  data: unknown,
  references: QueueReferences | undefined,
  names: Readonly<Record<string, DocumentName>>,
  schema?: JobDataSchema,
): DataEntry[] {
  if (data === undefined || data === null) return [];
  if (typeof data !== 'object' || Array.isArray(data)) {
    const full = valueText(data);
    return [{ key: '', label: 'Value', value: truncate(full), full }];
  }
  const ordered = orderedBySchema(data, schema) as Record<string, unknown>;
  return Object.entries(ordered).map(([key, value]): DataEntry => {
    const title = schema?.properties?.[key]?.title;
    if (references?.fields.includes(key) && typeof value === 'string') {
      const found = names[value];
      const full = found ? `${found.name}${found.deleted ? ' (deleted)' : ''}` : value;
      return {
        key,
        label: title ?? fieldLabel(key, true),
        value: truncate(full),
        full: found ? `${full} · ${value}` : value,
        ...(found ? {} : { unresolved: true }),
      };
    }
    const full = valueText(value);
    return { key, label: title ?? fieldLabel(key), value: truncate(full), full };
  });
}

/** The ids the jobs' data names in the referencing fields, each once, in a stable order (the lookup's key). */
export function referencedIds(jobs: readonly Pick<QueueJob, 'data'>[], references: QueueReferences | undefined) {
  if (!references) return [];
  const ids = new Set<string>();
  for (const { data } of jobs) {
    if (!data || typeof data !== 'object') continue;
    for (const field of references.fields) {
      const value = (data as Record<string, unknown>)[field];
      if (typeof value === 'string' && OBJECT_ID.test(value)) ids.add(value);
    }
  }
  return [...ids].sort();
}
