import type { PageAnswer } from '../../../shared/api/cms';
import type { Layout, SiteConfig } from '../../../shared/generated/types';
import { linkedPageIds } from '../../../shared/site/compose';
import { withDefaults } from '../../../shared/site/config';
import { referencedFileIds, withoutGoneFiles } from '../../../shared/site/goneFiles';
import { ANONYMOUS, SYSTEM, type Caller } from '../../access/caller';
import type { Services } from '../../services';

export interface PageQuery {
  path: string;
  project?: string;
  language?: string;
}

/** Models whose changes can change what a site path shows: the page cache listens for them. */
export const SITE_MODELS = new Set(['page', 'layout', 'siteConfig', 'redirect']);

/** Longest path looked up; anything longer is simply not found. */
const MAX_PATH = 2000;

/**
 * `/Termin/` -> `/Termin`, `%C3%9Cber-uns` -> `Über-uns`; undefined for paths that cannot be a page's. Composed
 * (NFC) as page paths are: a link written with a decomposed Ü (U+0308 after the U, as text from macOS may have
 * it, `/U%CC%88ber-uns`) finds the page too.
 */
export function normalizePath(raw: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(raw.split('?')[0].split('#')[0]).normalize('NFC');
  } catch {
    return undefined;
  }
  if (!path.startsWith('/') || path.length > MAX_PATH || path.includes('\0')) return undefined;
  path = path.replace(/\/{2,}/g, '/');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Paths the site never serves: the admin (/_), the API (/api) and the built assets (/assets/). */
export const isReservedPath = (url: string) =>
  url === '/_' ||
  url.startsWith('/_/') ||
  url.startsWith('/_?') ||
  url === '/api' ||
  url.startsWith('/api/') ||
  url.startsWith('/api?') ||
  url.startsWith('/assets/');

export type SiteService = ReturnType<typeof createSiteService>;

/** Page resolution, site configuration and sitemap, shared by the JSON API and server-side rendering. */
export function createSiteService({ documents, bus }: Pick<Services, 'documents' | 'bus'>) {
  let config: Promise<SiteConfig> | undefined;
  bus.subscribe((event) => {
    if (event.type === 'document' && event.model === 'siteConfig') config = undefined;
  });

  /** The first site configuration with every default filled in (cached until one changes). */
  function siteConfig(): Promise<SiteConfig> {
    config ??= documents
      .find(SYSTEM, 'siteConfig', { limit: 1, sort: { _createdAt: 1 } })
      .then(({ results }) => withDefaults(results[0]))
      .catch((error: unknown) => {
        config = undefined;
        throw error;
      });
    return config;
  }

  /** What a site path shows (spec section 2, "Public"): a page, a redirect, or nothing (undefined). */
  async function resolve(caller: Caller, { path: raw, project, language }: PageQuery): Promise<PageAnswer | undefined> {
    const path = normalizePath(raw);
    if (!path) return undefined;
    const query: Record<string, unknown> = { _path: path };
    if (project) query.project = project;
    if (language) query.language = language;
    const [page] = (await documents.find(caller, 'page', { query, limit: 1, sort: { _createdAt: 1 } })).results;
    if (page) {
      const layout = typeof page.layout === 'string' ? await findLayout(page.layout) : null;
      const ids = linkedPageIds([...(page.elements ?? []), ...(layout?.elements ?? []).map((item) => item.element)]);
      const gone = await goneFiles([page.elements, layout?.elements]);
      return {
        page: { ...page, elements: withoutGoneFiles(page.elements, gone) },
        layout: layout && { elements: withoutGoneFiles(layout.elements, gone) },
        pagePaths: await pathsOf(caller, ids),
      };
    }
    // Redirects are configuration, not content: looked up as the server, answered to anyone.
    const [redirect] = (await documents.find(SYSTEM, 'redirect', { query: { from: path }, limit: 1 })).results;
    if (redirect) return { redirect: { to: redirect.to, permanent: redirect.permanent === true } };
    return undefined;
  }

  async function findLayout(id: string): Promise<Pick<Layout, 'elements'> | null> {
    const layout = await documents.findById(SYSTEM, 'layout', id).catch(() => undefined);
    return layout ? { elements: layout.elements ?? [] } : null;
  }

  /**
   * The files the elements name that no longer exist (deleted after the page was published): the page is
   * served without them, so a visitor sees no broken image. Asked as the server: a file the visitor may not
   * read is still there, and its own address answers for it.
   */
  async function goneFiles(elements: unknown): Promise<Set<string>> {
    const ids = referencedFileIds(elements).slice(0, 500);
    if (ids.length === 0) return new Set();
    const { results } = await documents.find(SYSTEM, 'file', { query: { _id: { $in: ids } }, limit: 500 });
    const present = new Set(results.map((file) => String(file._id)));
    return new Set(ids.filter((id) => !present.has(id)));
  }

  /** Paths of the linked pages the caller may read (a link to a page they may not read gets no path). */
  async function pathsOf(caller: Caller, ids: string[]): Promise<Record<string, string>> {
    if (ids.length === 0) return {};
    const { results } = await documents.find(caller, 'page', {
      query: { _id: { $in: ids.slice(0, 500) } },
      limit: 500,
    });
    return Object.fromEntries(results.flatMap((page) => (page._path === undefined ? [] : [[page._id, page._path]])));
  }

  /** The pages a search engine may list: readable by guests and not marked noIndex. */
  async function indexablePages(): Promise<{ path: string; updatedAt?: string }[]> {
    const { results } = await documents.find(ANONYMOUS, 'page', {
      query: { noIndex: { $ne: true } },
      sort: { _path: 1 },
      limit: 500,
    });
    return results.flatMap((page) =>
      page._path === undefined ? [] : [{ path: page._path, updatedAt: page._updatedAt }],
    );
  }

  return { siteConfig, resolve, indexablePages };
}
