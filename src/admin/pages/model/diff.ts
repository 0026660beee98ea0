import { deepEqual, type JsonPath } from './merge';

export interface Difference {
  path: JsonPath;
  before: unknown;
  after: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const IGNORED = new Set(['_id', '_version', '_createdAt', '_updatedAt', '_deletedAt']);

/**
 * The fields that differ between two versions of a document (a published version and the draft):
 * objects and equally long lists are compared field by field, anything else as a whole.
 */
export function diffDocuments(before: unknown, after: unknown, path: JsonPath = []): Difference[] {
  if (deepEqual(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) => path.length > 0 || !IGNORED.has(key),
    );
    return keys.flatMap((key) => diffDocuments(before[key], after[key], [...path, key]));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length)
    return before.flatMap((item, i) => diffDocuments(item, after[i], [...path, i]));
  return [{ path, before, after }];
}
