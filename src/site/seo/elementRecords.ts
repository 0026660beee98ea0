import type { JsonLdRecord } from './jsonLd';

/** What an element's structured data may use besides its props. */
export interface RecordContext {
  /** Absolute URL of the page the element is on. */
  pageUrl: string;
  /** Turns a site path into an absolute URL. */
  absolute(path: string): string;
  /** Paths of the pages that PAGE links point to, by page id. */
  pagePaths: Record<string, string>;
}

type Props = Record<string, unknown>;
/** Element tag -> the schema.org records the element contributes (empty when its props lack what a record needs). */
export type ElementRecords = (props: Props, context: RecordContext) => JsonLdRecord[];

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? stripFormatting(value.trim()) : undefined;

/** Inline formatting (`**bold**`, `[label](url)` ...) as plain text for search engines. */
export function stripFormatting(value: string): string {
  return value
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~|\*|_|`)/g, '')
    .replace(/^>\s?/gm, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

function linkUrl(link: unknown, context: RecordContext): string | undefined {
  if (!link || typeof link !== 'object') return undefined;
  const { type, href, page, hash } = link as Record<string, unknown>;
  const path =
    type === 'PAGE'
      ? typeof page === 'string'
        ? context.pagePaths[page]
        : undefined
      : typeof href === 'string'
        ? href
        : undefined;
  if (!path || /^(mailto|tel):/.test(path)) return undefined;
  return context.absolute(path) + (type === 'PAGE' && typeof hash === 'string' && hash ? `#${hash}` : '');
}

/** The registry: one entry per element tag that has something to tell search engines. */
export const ELEMENT_RECORDS: Record<string, ElementRecords> = {
  'special.package': (props, context) => {
    const name = text(props.title);
    if (!name || typeof props.price !== 'number') return [];
    const list = Array.isArray(props.list) ? props.list.filter((item): item is string => typeof item === 'string') : [];
    const description = [text(props.text), ...list].filter(Boolean).join(' · ');
    return [
      {
        '@type': 'Offer',
        name,
        ...(description ? { description } : {}),
        price: props.price.toFixed(2),
        priceCurrency: 'CHF',
        availability: 'https://schema.org/InStock',
        url: linkUrl(props.button, context) ?? context.pageUrl,
      },
    ];
  },
  'special.serviceCards': (props, context) =>
    (Array.isArray(props.cards) ? (props.cards as Props[]) : []).flatMap((card) => {
      const name = text(card?.title);
      if (!name) return [];
      const description = text(card.text);
      return [
        {
          '@type': 'Service',
          name,
          ...(description ? { description } : {}),
          url: linkUrl(card.link, context) ?? context.pageUrl,
        },
      ];
    }),
  'menu.basic': menuRecords,
  'menu.3d': menuRecords,
};

function menuRecords(props: Props): JsonLdRecord[] {
  const categories = Array.isArray(props.categories) ? (props.categories as Props[]) : [];
  const sections = categories.flatMap((category) => {
    const items = (Array.isArray(category?.items) ? (category.items as Props[]) : []).flatMap((item) => {
      const name = text(item?.name);
      if (!name) return [];
      const price = typeof item.price === 'number' ? item.price : Number.parseFloat(String(item.price ?? ''));
      return [
        {
          '@type': 'MenuItem',
          name,
          ...(text(item.description) ? { description: text(item.description) } : {}),
          ...(Number.isFinite(price)
            ? { offers: { '@type': 'Offer', price: price.toFixed(2), priceCurrency: 'CHF' } }
            : {}),
        },
      ];
    });
    const name = text(category?.name) ?? text(category?.title);
    return items.length && name ? [{ '@type': 'MenuSection', name, hasMenuItem: items }] : [];
  });
  const name = text(props.title);
  return sections.length && name ? [{ '@type': 'Menu', name, hasMenuSection: sections }] : [];
}
