import type { SiteConfig } from '../generated/types';
import { colorVariables } from '../format/color';
import { imagePresetUrl } from '../media/presets';

/** Spec section 1: German locale, white background, blue primary, dark grey text. */
export const DEFAULT_COLORS = {
  background: '#ffffff',
  primary: '#1d4ed8',
  secondary: '#64748b',
  text: '#374151',
} as const;
export const DEFAULT_LOCALE = 'de-CH';

/** The site configuration with every default filled in (also when no configuration exists yet). */
export function withDefaults(config: Partial<SiteConfig> | undefined): SiteConfig {
  const business = config?.localBusiness;
  return {
    title: config?.title ?? '',
    locale: config?.locale || DEFAULT_LOCALE,
    colors: { ...DEFAULT_COLORS, ...config?.colors },
    ...(config?.domain ? { domain: config.domain } : {}),
    ...(config?.favicon ? { favicon: config.favicon } : {}),
    localBusiness: { ...business, openingHours: business?.openingHours ?? [] },
  };
}

/**
 * The part of the site configuration the site's code in the browser uses (the site title, in the
 * navigation, the footer and the document title), which the server embeds in every page: the
 * business record, the domain and the rest would only make each page heavier.
 */
export function browserConfig(config: SiteConfig): SiteConfig {
  return { title: config.title, locale: config.locale };
}

/** `:root{--color-primary:224 76% 48%;...}` (HSL triplets; use as `hsl(var(--color-primary))`). */
export function colorCss(config: SiteConfig): string {
  const variables = colorVariables({ ...DEFAULT_COLORS, ...config.colors });
  return `:root{${Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/** The favicon: a file id becomes the file's favicon preset; a URL or site path is used as is. */
export function faviconUrl(config: SiteConfig): string | undefined {
  const favicon = config.favicon?.trim();
  if (!favicon) return undefined;
  return /^[0-9a-f]{24}$/.test(favicon) ? imagePresetUrl(favicon, 'favicon') : favicon;
}

/** The document language: the page's language when it differs from the site locale's, else the locale. */
export function documentLanguage(config: SiteConfig, pageLanguage?: string): string {
  const locale = config.locale || DEFAULT_LOCALE;
  return pageLanguage && pageLanguage !== locale.slice(0, 2) ? pageLanguage : locale;
}
