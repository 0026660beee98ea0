// Separators left dangling when the marker is replaced by nothing, e.g. "%s | Firma" -> "Firma".
const DANGLING_SEPARATORS = /^[\s|·•:–—-]+|[\s|·•:–—-]+$/g;

/**
 * The document title. A site title containing `marker` is a template: the marker is replaced by
 * the page title (and, when there is none, leftover separators at the ends are dropped).
 * Otherwise the non-empty parts are joined: "Page | Site". Both empty gives "".
 */
export function composePageTitle(pageTitle?: string, siteTitle?: string, marker = '%s'): string {
  const page = pageTitle?.trim() ?? '';
  const site = siteTitle?.trim() ?? '';
  if (marker && site.includes(marker)) {
    const filled = site.split(marker).join(page).trim();
    return page ? filled : filled.replace(DANGLING_SEPARATORS, '');
  }
  return [page, site].filter(Boolean).join(' | ');
}
