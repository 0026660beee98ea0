/**
 * The layout a new page starts with (nothing marks a site's default layout): its parent page's, else the
 * home page's (the page at `/`), else the only layout there is. A layout that no longer exists is skipped;
 * with several layouts and no page to follow, the page starts without one. The one rule of the editor (a new page
 * shows it at once) and the server (a draft created without a layout gets it: pages/paths.ts).
 */
export function defaultLayout(
  layoutIds: readonly string[],
  { parent, home }: { parent?: unknown; home?: unknown },
): string | undefined {
  for (const candidate of [parent, home])
    if (typeof candidate === 'string' && layoutIds.includes(candidate)) return candidate;
  return layoutIds.length === 1 ? layoutIds[0] : undefined;
}
