const OBJECT_ID = /^[0-9a-f]{24}$/;

const fileOf = (value: unknown): string | undefined => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const file = (value as { file?: unknown }).file;
  return typeof file === 'string' && OBJECT_ID.test(file) ? file : undefined;
};

/** The file ids element props name (`file` of an image, a video, a gallery item, a splat …), each once. */
export function referencedFileIds(value: unknown): string[] {
  const ids = new Set<string>();
  const visit = (node: unknown, depth: number): void => {
    if (depth > 40 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
    const file = fileOf(node);
    if (file) ids.add(file);
    for (const child of Object.values(node)) visit(child, depth + 1);
  };
  visit(value, 0);
  return [...ids];
}

/** An array item or key to leave out. */
const DROP = Symbol('gone');

/**
 * The props without the files that are gone (deleted since the page was published): a list drops an item
 * whose file is gone (a gallery's image), anything else loses its `file`, so the element shows nothing there
 * rather than a broken image or a video that fails. The props are left as they are: what changed is copied,
 * the rest is answered as it is (the editor's preview keeps each unchanged element, memoised by identity).
 */
export function withoutGoneFiles<T>(value: T, gone: ReadonlySet<string>, depth = 0): T {
  if (gone.size === 0 || depth > 40 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let changed = false;
    const kept: unknown[] = [];
    for (const item of value) {
      const file = fileOf(item);
      const next = file && gone.has(file) ? DROP : withoutGoneFiles(item, gone, depth + 1);
      if (next !== item) changed = true;
      if (next !== DROP) kept.push(next);
    }
    return (changed ? kept : value) as T;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    const next =
      key === 'file' && typeof child === 'string' && gone.has(child) ? DROP : withoutGoneFiles(child, gone, depth + 1);
    if (next === child) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    if (next === DROP) delete copy[key];
    else copy[key] = next;
  }
  return (copy ?? value) as T;
}
