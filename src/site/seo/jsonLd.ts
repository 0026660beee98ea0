import type { ElementNodeValue, SiteConfig } from '../../shared/generated/types';
import { composePageTitle } from '../../shared/rules/pageTitle';
import { walkElements } from '../../shared/site/compose';
import { documentLanguage } from '../../shared/site/config';
import type { ViewPage } from '../../shared/site/view';
import { ELEMENT_RECORDS, type RecordContext } from './elementRecords';

export type JsonLdRecord = { '@type': string } & Record<string, unknown>;

export interface StructuredDataInput {
  config: SiteConfig;
  page: ViewPage;
  /** Every element shown on the page (layout elements included). */
  elements: readonly ElementNodeValue[];
  pagePaths: Record<string, string>;
  /** `https://www.example.ch`, without a trailing slash. */
  origin: string;
}

export const isHomePath = (path: string) => path === '/' || path === '';

/**
 * The schema.org records of a page (spec section 1): WebSite on the home page, WebPage on the others,
 * LocalBusiness on the home page, BreadcrumbList from the page's breadcrumb, and what elements add.
 */
export function structuredData({ config, page, elements, pagePaths, origin }: StructuredDataInput): {
  '@context': 'https://schema.org';
  '@graph': JsonLdRecord[];
} {
  const absolute = (path: string) =>
    /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
  const pageUrl = absolute(page.path);
  const siteName = composePageTitle('', config.title) || config.localBusiness?.name || origin;
  const home = isHomePath(page.path);
  // The language the document declares (`<html lang>`): a German page of a de-CH site is de-CH, not de.
  const language = documentLanguage(config, page.language);
  const graph: JsonLdRecord[] = [];

  const website: JsonLdRecord = {
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: siteName,
    url: `${origin}/`,
    inLanguage: documentLanguage(config),
  };
  if (home) graph.push({ ...website, ...(page.description ? { description: page.description } : {}) });
  else {
    graph.push({
      '@type': 'WebPage',
      '@id': `${pageUrl}#webpage`,
      name: page.title || page.name || siteName,
      url: pageUrl,
      inLanguage: language,
      ...(page.description ? { description: page.description } : {}),
      isPartOf: website,
    });
  }

  const business = localBusiness(config, origin);
  if (home && business) graph.push(business);

  if (page.breadcrumb?.length) {
    graph.push({
      '@type': 'BreadcrumbList',
      itemListElement: page.breadcrumb.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.label,
        item: absolute(crumb.path),
      })),
    });
  }

  const context: RecordContext = { pageUrl, absolute, pagePaths };
  walkElements(elements, (node) => {
    const records = Object.hasOwn(ELEMENT_RECORDS, node.tag) ? ELEMENT_RECORDS[node.tag] : undefined;
    if (records) graph.push(...records((node.props ?? {}) as Record<string, unknown>, context));
  });
  return { '@context': 'https://schema.org', '@graph': graph };
}

function localBusiness(config: SiteConfig, origin: string): JsonLdRecord | undefined {
  const business = config.localBusiness;
  const name = business?.name || composePageTitle('', config.title);
  if (!name) return undefined;
  const address = business?.address ?? {};
  return {
    '@type': 'LocalBusiness',
    '@id': `${origin}/#business`,
    name,
    url: `${origin}/`,
    ...(business?.phone ? { telephone: business.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(address.street ? { streetAddress: address.street } : {}),
      ...(address.zip ? { postalCode: address.zip } : {}),
      ...(address.city ? { addressLocality: address.city } : {}),
      ...(address.state ? { addressRegion: address.state } : {}),
      ...(address.country ? { addressCountry: address.country } : {}),
    },
    openingHoursSpecification: (business?.openingHours ?? []).map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.dayOfWeek.map((day) => `https://schema.org/${day}`),
      opens: hours.opens,
      closes: hours.closes,
    })),
  };
}

/** JSON for a `<script type="application/ld+json">` (or any script): `<` escaped so no `</script>` can close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
