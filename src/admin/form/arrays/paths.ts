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
