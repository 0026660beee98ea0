import type { PageAnswer } from '../api/cms';
import type { SiteConfig } from '../generated/types';
import { composeElements, walkElements, type ComposedElements, type PositionedElement } from './compose';

/** The page fields a view needs (SiteContext `page`, head tags, structured data). */
export interface ViewPage {
  _id: string;
  path: string;
  title?: string;
  name?: string;
  language?: string;
  description?: string;
  noIndex?: boolean;
  breadcrumb?: { label: string; path: string }[];
}

/**
 * What the site shows for a path: a page with its composed elements, or 'not found' inside the
 * frame of the home page's layout (its navigation and footer, `elements.main` empty), so a visitor
 * can go on from there.
 */
export type SiteView =
  | { kind: 'page'; page: ViewPage; elements: ComposedElements; pagePaths: Record<string, string> }
  | { kind: 'notFound'; path: string; elements: ComposedElements; pagePaths: Record<string, string> };

/** What SSR embeds for hydration (JSON in `#site-data`). */
export interface SiteBootData {
  config: SiteConfig;
  view: SiteView;
}

export const SITE_DATA_ID = 'site-data';
export const SITE_ROOT_ID = 'site';

export function pageView(answer: Extract<PageAnswer, { page: unknown }>): Extract<SiteView, { kind: 'page' }> {
  const { page } = answer;
  return {
    kind: 'page',
    page: {
      _id: page._id,
      path: page._path ?? '/',
      title: page.title,
      name: page.name,
      language: page.language,
      description: page.description,
      noIndex: page.noIndex,
      breadcrumb: page.breadcrumb,
    },
    elements: composeElements(page.elements ?? [], (answer.layout?.elements ?? []) as PositionedElement[]),
    pagePaths: answer.pagePaths,
  };
}

/**
 * 'not found' at `path`, framed by the layout of the home page (`home`: what `/` answers; the site's
 * default layout, as for a new page) without the home page's own elements; no frame without one.
 */
export function notFoundView(path: string, home?: PageAnswer | null): Extract<SiteView, { kind: 'notFound' }> {
  const frame = home && 'page' in home ? home : undefined;
  return {
    kind: 'notFound',
    path,
    elements: composeElements([], (frame?.layout?.elements ?? []) as PositionedElement[]),
    pagePaths: frame?.pagePaths ?? {},
  };
}

/** The element tags a view shows, nested ones included. */
export function viewTags(view: SiteView): Set<string> {
  const tags = new Set<string>();
  walkElements([...view.elements.before, ...view.elements.main, ...view.elements.after], (node) => tags.add(node.tag));
  return tags;
}
