/** The value at `path` inside `root` (object keys and array indexes). */
export function getIn(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** A copy of `root` with `value` at `path`; objects and arrays on the way are copied, the rest shared. */
export function setIn<T>(root: T, path: readonly (string | number)[], value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path;
  const container: unknown = root ?? (typeof key === 'number' ? [] : {});
  const child = setIn(getIn(container, [key as string | number]), rest, value);
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[key as number] = child;
    return copy as T;
  }
  return { ...(container as Record<string, unknown>), [key as string]: child } as T;
}

/**
 * The data path of a field from its id (rjsf joins the form's prefix and the path with `_`:
 * `element_items_0_text`), resolved against the data because keys may contain `_` themselves.
 */
export function pathOfFieldId(id: string, prefix: string, data: unknown): (string | number)[] | undefined {
  if (!id.startsWith(`${prefix}_`)) return undefined;
  const parts = id.slice(prefix.length + 1).split('_');
  const path: (string | number)[] = [];
  let node = data;
  let at = 0;
  while (at < parts.length) {
    if (Array.isArray(node)) {
      const index = Number(parts[at]);
      if (!Number.isInteger(index)) return undefined;
      path.push(index);
      node = node[index];
      at += 1;
      continue;
    }
    // The longest key of the object made of the next parts; a field not in the data yet takes the rest.
    let end = parts.length;
    while (end > at && !(typeof node === 'object' && node !== null && parts.slice(at, end).join('_') in node)) end -= 1;
    if (end === at) end = parts.length;
    const key = parts.slice(at, end).join('_');
    path.push(key);
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    at = end;
  }
  return path;
}
