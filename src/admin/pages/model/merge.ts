/**
 * Three-way merge of two edits of one document (a page draft or a layout): `base` is the version both
 * started from, `mine` the local edit, `theirs` the version someone else saved. Changes to different
 * fields, or to different elements of an element list, merge by themselves; the same field changed to
 * different values on both sides is a conflict that the user settles (`resolveConflicts`).
 */
export type JsonPath = (string | number)[];

export interface Conflict {
  path: JsonPath;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult {
  /** The merged value; at each conflict it holds their version until the user chooses. */
  merged: unknown;
  conflicts: Conflict[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!deepEqual(a[key], b[key])) return false;
    return true;
  }
  return false;
}

/** For each item of `base`, the index of an unchanged copy of it in `list` (each used once), else -1. */
function locate(base: unknown[], list: unknown[]): number[] {
  const used = new Set<number>();
  return base.map((item) => {
    const index = list.findIndex((candidate, j) => !used.has(j) && deepEqual(item, candidate));
    if (index >= 0) used.add(index);
    return index;
  });
}

/**
 * One side edited items in place, the other added, removed or moved items: the in-place edits go to
 * where the edited items went. Undefined when an edited item was removed or changed by the other side.
 */
function replay(base: unknown[], edited: unknown[], moved: unknown[]): unknown[] | undefined {
  const out = [...moved];
  const places = locate(base, moved);
  for (let i = 0; i < base.length; i += 1) {
    if (deepEqual(base[i], edited[i])) continue;
    if (places[i] < 0) return undefined;
    out[places[i]] = edited[i];
  }
  return out;
}

function mergeArrays(base: unknown[], mine: unknown[], theirs: unknown[], path: JsonPath, conflicts: Conflict[]) {
  if (base.length === mine.length && base.length === theirs.length)
    return base.map((item, i) => mergeValue(item, mine[i], theirs[i], [...path, i], conflicts));
  const replayed =
    mine.length === base.length
      ? replay(base, mine, theirs)
      : theirs.length === base.length
        ? replay(base, theirs, mine)
        : undefined;
  if (replayed) return replayed;
  // Both sides changed the list's structure, or one changed an item the other removed: the user chooses the list.
  conflicts.push({ path, mine, theirs });
  return theirs;
}

function mergeValue(base: unknown, mine: unknown, theirs: unknown, path: JsonPath, conflicts: Conflict[]): unknown {
  if (deepEqual(mine, theirs)) return theirs;
  if (deepEqual(mine, base)) return theirs;
  if (deepEqual(theirs, base)) return mine;
  if (isObject(base) && isObject(mine) && isObject(theirs)) {
    const out: Record<string, unknown> = {};
    const keys = new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)]);
    for (const key of keys) {
      const value = mergeValue(base[key], mine[key], theirs[key], [...path, key], conflicts);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  if (isObject(mine) && isObject(theirs) && base === undefined) return mergeValue({}, mine, theirs, path, conflicts);
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs))
    return mergeArrays(base, mine, theirs, path, conflicts);
  conflicts.push({ path, mine, theirs });
  return theirs;
}

/** Fields the server owns: never merged, always the saved version's. */
const SYSTEM = new Set(['_id', '_version', '_updatedAt', '_createdAt', '_path', 'breadcrumb']);

export function mergeDocuments(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): { merged: Record<string, unknown>; conflicts: Conflict[] } {
  const conflicts: Conflict[] = [];
  const strip = (doc: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(doc).filter(([key]) => !SYSTEM.has(key)));
  const merged = mergeValue(strip(base), strip(mine), strip(theirs), [], conflicts) as Record<string, unknown>;
  for (const key of SYSTEM) if (theirs[key] !== undefined) merged[key] = theirs[key];
  return { merged, conflicts };
}

export function setAtPath<T>(value: T, path: JsonPath, replacement: unknown): T {
  if (!path.length) return replacement as T;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const next = [...(value as unknown[])];
    next[head as number] = setAtPath(next[head as number], rest, replacement);
    return next as T;
  }
  const record: Record<string, unknown> = isObject(value) ? value : {};
  const next: Record<string, unknown> = { ...record, [head]: setAtPath(record[head as string], rest, replacement) };
  if (next[head as string] === undefined) delete next[head as string];
  return next as T;
}

/** Applies the user's choice per conflict (`'mine'` or `'theirs'`, by index) to a merge result. */
export function resolveConflicts<T>(merged: T, conflicts: Conflict[], choices: ('mine' | 'theirs')[]): T {
  return conflicts.reduce(
    (value, conflict, i) => (choices[i] === 'mine' ? setAtPath(value, conflict.path, conflict.mine) : value),
    merged,
  );
}

/** `elements.2.props.children.0.props.text` */
export const pathLabel = (path: JsonPath) => path.join('.');
