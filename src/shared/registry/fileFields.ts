import type { JsonSchema } from './jsonSchema';
import type { SchemaResolver } from './resolve';

/** A place in a model's documents that names a file of the file store. */
export interface FileField {
  /** Property names from the document down; `*` steps into each item of an array. */
  path: string[];
  /** The titles along the path, joined ('Avatar › Image file'), as people know the field. */
  label: string;
  /** `id`: the file's id (an `x-relation` to files); `url`: an address holding it (`x-fileUrl`). */
  kind: 'id' | 'url';
}

const MAX_DEPTH = 8;

/**
 * Every place of a model's schema that names a file: an `x-relation` to the file model, or an address
 * marked `x-fileUrl` (a site configuration's favicon), in objects and arrays below the top level too,
 * following `$ref`s. The file browser's usage check reads documents there.
 */
export function fileFields(schema: JsonSchema, resolver: SchemaResolver): FileField[] {
  const found: FileField[] = [];
  const walk = (node: JsonSchema, baseId: string | undefined, path: string[], titles: string[], depth: number) => {
    if (depth > MAX_DEPTH) return;
    const { schema: resolved, baseId: base } = resolver.deref(node, baseId);
    const branches = (resolved.anyOf ?? resolved.oneOf ?? []).filter((branch) => branch.type !== 'null');
    for (const branch of branches) walk(branch, base, path, titles, depth + 1);
    if (resolved['x-relation']?.model === 'file' && path.length > 0) {
      found.push({ path, label: titles.join(' › '), kind: 'id' });
      return;
    }
    if (resolved['x-fileUrl'] === true && path.length > 0) {
      found.push({ path, label: titles.join(' › '), kind: 'url' });
      return;
    }
    if (resolved.items) walk(resolved.items, base, [...path, '*'], titles, depth + 1);
    for (const [key, property] of Object.entries(resolved.properties ?? {}))
      walk(property, base, [...path, key], [...titles, property.title ?? key], depth + 1);
  };
  walk(schema, schema.$id, [], [], 0);
  return found;
}

/** The values a document holds at a file field's path (each item's, through arrays). */
export function valuesAt(doc: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return doc === undefined || doc === null ? [] : [doc];
  const [key, ...rest] = path;
  if (key === '*') return Array.isArray(doc) ? doc.flatMap((item) => valuesAt(item, rest)) : [];
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return [];
  return valuesAt((doc as Record<string, unknown>)[key], rest);
}
