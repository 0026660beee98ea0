import type { LinkValue } from '../../shared/generated/types';
import { isExternalHref, safeHref } from '../render/inlineMarkup';

/**
 * The address a link value points to: `href` for URL links, the page's current path (plus `#hash`)
 * for PAGE links. Unsafe or unknown targets give undefined, so the caller renders no link.
 */
export function linkHref(link: LinkValue | undefined, pagePaths: Record<string, string>): string | undefined {
  if (!link) return undefined;
  if (link.type === 'PAGE') {
    const path = link.page && Object.hasOwn(pagePaths, link.page) ? pagePaths[link.page] : undefined;
    if (path === undefined) return link.hash ? `#${link.hash}` : undefined;
    return link.hash ? `${path}#${link.hash}` : path;
  }
  return link.href ? (safeHref(link.href) ?? undefined) : undefined;
}

/** Attributes that make an address open in a new tab, for addresses starting with http. */
export function externalAttributes(href: string | undefined): { target?: string; rel?: string } {
  return href && isExternalHref(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}
