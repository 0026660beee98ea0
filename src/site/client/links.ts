/** Paths the site's router leaves to the browser: the admin, the API and built files. */
export function isSitePath(pathname: string): boolean {
  return !(
    pathname === '/_' ||
    pathname.startsWith('/_/') ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/assets/') ||
    /\.(xml|txt)$/.test(pathname)
  );
}

/**
 * The URL a click should navigate to inside the site, or undefined when the browser should handle
 * it (new tab, modifier keys, downloads, other origins, admin and API paths).
 */
export function interceptedUrl(event: MouseEvent, location: Location): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  if (
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download') ||
    anchor.dataset.reload !== undefined
  )
    return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || !isSitePath(url.pathname)) return undefined;
  return url;
}
