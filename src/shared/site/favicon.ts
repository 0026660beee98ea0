import type { SiteConfig } from '../generated/types';
import { presetOfUrl } from '../media/presets';
import { composePageTitle } from '../rules/pageTitle';
import { DEFAULT_COLORS, faviconUrl } from './config';

/** What the `<link rel="icon">` of the site's pages names. */
export interface SiteIcon {
  href: string;
  type?: string;
}

/**
 * The site's icon: the configured favicon (a file's favicon preset, served by the files endpoint as
 * PNG, or any URL), else the site's initial in white on its primary colour, written into the page
 * as an SVG: a site without an icon yet still has its own in the browser's tab, and the browser
 * asks no server for a favicon.ico that is not there.
 */
export function siteIcon(config: SiteConfig): SiteIcon {
  const configured = faviconUrl(config);
  if (!configured) return { href: monogramIcon(config), type: 'image/svg+xml' };
  return presetOfUrl(configured) === 'favicon' ? { href: configured, type: 'image/png' } : { href: configured };
}

/**
 * The first letter of the site's name (title, else the business name) on a rounded square of the
 * primary colour, as a `data:` URL. Written compactly (every page carries it): single quotes, and
 * only what a URL or an HTML attribute must not hold percent-encoded.
 */
export function monogramIcon(config: SiteConfig): string {
  const name = composePageTitle('', config.title) || config.localBusiness?.name || '';
  const letter = /[\p{L}\p{N}]/u.exec(name)?.[0].toLocaleUpperCase('de-CH') ?? '';
  const primary = config.colors?.primary;
  const color = primary && /^#[0-9a-fA-F]{6}$/.test(primary) ? primary : DEFAULT_COLORS.primary;
  const text = letter
    ? `<text x='8' y='11.3' fill='#fff' font-family='sans-serif' font-size='10' font-weight='700' text-anchor='middle'>${letter}</text>`
    : '';
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' height='16' rx='3.5' fill='${color}'/>${text}</svg>`;
  return `data:image/svg+xml,${svg.replace(/[#<>"&%]|[^\x20-\x7e]/gu, encodeURIComponent)}`;
}
