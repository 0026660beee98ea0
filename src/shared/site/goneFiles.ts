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

/**
 * The props without the files that are gone (deleted since the page was published): a list drops an item
 * whose file is gone (a gallery's image), anything else loses its `file`, so the element shows nothing there
 * rather than a broken image or a video that fails. Returns a copy; the props are left as they are.
 */
export function withoutGoneFiles<T>(value: T, gone: ReadonlySet<string>, depth = 0): T {
  if (gone.size === 0 || depth > 40 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const kept = value.filter((item) => {
      const file = fileOf(item);
      return !(file && gone.has(file));
    });
    return kept.map((item) => withoutGoneFiles(item, gone, depth + 1)) as T;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'file' && typeof child === 'string' && gone.has(child)) continue;
    copy[key] = withoutGoneFiles(child, gone, depth + 1);
  }
  return copy as T;
}
