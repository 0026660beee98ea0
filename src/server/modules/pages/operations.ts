import { isDeepStrictEqual } from 'node:util';
import type {
  CatalogElement,
  PageTreeNode,
  PageVersionAnswer,
  PageVersionSummary,
  RedirectStat,
  SpellCheckAnswer,
} from '../../../shared/api/pages';
import { isObjectId } from '../../../shared/format/objectId';
import type { Registry } from '../../../shared/registry';
import { elementCatalogue } from '../../../shared/registry/catalogue';
import {
  ELEMENT_FORMAT,
  ELEMENT_FORMAT_FIELD,
  elementFormatOf,
  upgradeElementDocument,
} from '../../../shared/site/elementFormat';
import { hasAccess, passesAcl, SYSTEM, type Caller } from '../../access/caller';
import type { Database } from '../../db/database';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../errors';
import { normalizePath } from '../cms/site';
import type { Doc, DocumentService } from '../documents/service';
import { strip } from './paths';
import { PageRepository } from './repository';
import { RedirectHits } from './redirectHits';
import { isSpellLanguage, pageTexts, spellCheck } from './spellcheck';

export interface PageEditorService {
  /**
   * At start: versions stored before they carried their page's lists get them (answers how many changed).
   */
  start(): Promise<number>;
  pageTree(caller: Caller, project?: string): Promise<PageTreeNode[]>;
  publish(caller: Caller, id: string): Promise<Doc>;
  reset(caller: Caller, id: string): Promise<Doc>;
  deleteDraft(caller: Caller, id: string, unpublish: boolean): Promise<void>;
  check(caller: Caller, id: string): Promise<SpellCheckAnswer>;
  elements(caller: Caller): CatalogElement[];
  versions(caller: Caller, pageId: string): Promise<PageVersionSummary[]>;
  version(caller: Caller, versionId: string): Promise<PageVersionAnswer>;
  restore(caller: Caller, versionId: string): Promise<Doc>;
  redirectStats(caller: Caller): Promise<RedirectStat[]>;
  /** The public site served the redirect from `path` (counted, never failing the visitor's request). */
  redirectServed(path: string): void;
}

const PERMISSION = 'manage:cms';
/** Fields that differ between a draft and its page without being content: paths are derived, ACLs are kept. */
const NOT_CONTENT = new Set(['_id', '_createdAt', '_updatedAt', '_version', '_deletedAt']);
const content = (doc: Doc) => Object.fromEntries(Object.entries(doc).filter(([key]) => !NOT_CONTENT.has(key)));

/**
 * The page editor's operations (spec section 7, cms): drafts and live pages share their `_id`;
 * publishing copies the draft to the page (and keeps a version), resetting copies it back. Every
 * write goes through the document service, so validation, paths, permissions and events apply.
 */
export function createPageEditor({
  documents,
  registry,
  db,
}: {
  documents: DocumentService;
  registry: Registry;
  db: Database;
}): PageEditorService {
  const hits = new RedirectHits(db);
  const catalogue = elementCatalogue(registry);

  function allow(caller: Caller, action: string): void {
    if (!caller.user && !caller.system) throw unauthorized(`Log in to ${action}`);
    if (!hasAccess(caller, PERMISSION)) throw forbidden(`Not allowed to ${action}: needs ${PERMISSION}`);
  }
  function id(value: string, what = 'id'): string {
    if (!isObjectId(value)) throw badRequest(`${what} must be 24 lowercase hex characters`);
    return value;
  }
  async function writableDraft(caller: Caller, draftId: string, action: string): Promise<Doc> {
    allow(caller, action);
    const draft = await documents.findById(caller, 'pageDraft', id(draftId));
    if (!passesAcl(caller, draft._write)) throw forbidden(`Not allowed to ${action}: the page's _write excludes you`);
    return draft;
  }
  const livePage = (pageId: string) =>
    documents.findById(SYSTEM, 'page', pageId).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return undefined;
      throw error;
    });

  return {
    start: () => new PageRepository(db).giveVersionsTheirLists(),

    async pageTree(caller, project) {
      allow(caller, 'see the pages');
      const query = project ? { project: id(project, 'project') } : {};
      const [drafts, pages] = await Promise.all([
        documents.find(caller, 'pageDraft', { query, limit: 1000, sort: { _path: 1 } }),
        documents.find(SYSTEM, 'page', { query, limit: 1000 }),
      ]);
      const live = new Map(pages.results.map((page) => [page._id, page]));
      const nodes = new Map<string, PageTreeNode & { parent?: string }>();
      for (const draft of drafts.results) {
        const page = live.get(draft._id);
        nodes.set(draft._id, {
          _id: draft._id,
          name: String(draft.name ?? ''),
          _path: String(draft._path ?? ''),
          published: !!page,
          changed: !page || !isDeepStrictEqual(content(draft), content(page)),
          children: [],
          parent: typeof draft._parent === 'string' ? draft._parent : undefined,
        });
      }
      const roots: PageTreeNode[] = [];
      for (const node of nodes.values()) {
        const { parent, ...entry } = node;
        const above = parent ? nodes.get(parent) : undefined;
        (above ? above.children : roots).push(entry);
      }
      const clean = (list: PageTreeNode[]): PageTreeNode[] =>
        list.map(({ children, ...node }) => ({ ...node, children: clean(children) }));
      return clean(roots);
    },

    async publish(caller, draftId) {
      const draft = await writableDraft(caller, draftId, 'publish pages');
      const page = await livePage(draft._id);
      if (page && !passesAcl(caller, page._write))
        throw forbidden("Not allowed to publish: the page's _write excludes you");
      const published = page
        ? await documents.save(caller, 'page', { ...content(draft), _id: draft._id })
        : await documents.save(caller, 'page', content(draft), { createWithId: draft._id });
      // The publish history is written by publishing only (the model refuses everyone else). The version
      // keeps the page's lists as they are now: it is read by those the page lets in (x-acl), then and later.
      await documents.save(SYSTEM, 'pageVersion', {
        page: draft._id,
        user: caller.user?.login,
        publishedAt: new Date().toISOString(),
        content: content(published),
        ...versionLists(published),
      });
      return published;
    },

    async reset(caller, draftId) {
      const draft = await writableDraft(caller, draftId, 'reset drafts');
      const page = await livePage(draft._id);
      if (!page) throw notFound(`Page ${draft._id} is not published: there is nothing to reset to`);
      return documents.save(caller, 'pageDraft', { ...content(page), _id: draft._id });
    },

    async deleteDraft(caller, draftId, unpublish) {
      await writableDraft(caller, draftId, 'delete pages');
      const page = unpublish ? await livePage(draftId) : undefined;
      if (page) await documents.remove(caller, 'page', draftId);
      await documents.remove(caller, 'pageDraft', draftId);
    },

    async check(caller, draftId) {
      const draft = await writableDraft(caller, draftId, 'check pages');
      const language = isSpellLanguage(draft.language) ? draft.language : 'de';
      const config = (await documents.find(SYSTEM, 'siteConfig', { limit: 1, sort: { _createdAt: 1 } })).results[0];
      const accepted = Array.isArray(config?.dictionary) ? (config.dictionary as string[]) : [];
      return { language, findings: await spellCheck(pageTexts(draft), language, accepted) };
    },

    elements(caller) {
      allow(caller, 'see the elements');
      return catalogue;
    },

    async versions(caller, pageId) {
      allow(caller, 'see page versions');
      const { results } = await documents.find(caller, 'pageVersion', {
        query: { page: id(pageId, 'page') },
        sort: { publishedAt: -1 },
        limit: 200,
      });
      return results.map(summary);
    },

    async version(caller, versionId) {
      allow(caller, 'see page versions');
      const version = await documents.findById(caller, 'pageVersion', id(versionId));
      const kept = version.content as Doc;
      // Shown next to the draft: in the draft's element format when this server knows the version's.
      return {
        ...summary(version),
        content: elementFormatOf(kept) <= ELEMENT_FORMAT ? upgradeElementDocument(kept) : kept,
      };
    },

    async restore(caller, versionId) {
      allow(caller, 'restore page versions');
      const version = await documents.findById(caller, 'pageVersion', id(versionId));
      await writableDraft(caller, String(version.page), 'restore page versions');
      const kept = version.content as Record<string, unknown>;
      // Versions published before element formats existed hold format 0: the save upgrades them.
      return documents.save(caller, 'pageDraft', {
        ...strip(kept as Doc),
        _id: String(version.page),
        [ELEMENT_FORMAT_FIELD]: elementFormatOf(kept),
      });
    },

    async redirectStats(caller) {
      allow(caller, 'see redirect statistics');
      const [{ results }, counts] = await Promise.all([
        documents.find(caller, 'redirect', { limit: 1000, sort: { from: 1 } }),
        hits.counts(),
      ]);
      return results.map((redirect) => ({
        redirect: {
          _id: redirect._id,
          name: redirect.name as string | undefined,
          from: String(redirect.from),
          to: String(redirect.to),
        },
        count: counts.get(String(redirect.from)) ?? 0,
      }));
    },

    redirectServed(path) {
      // Counted under the redirect's `from`, which is kept normalized (/alt/ and /alt?x=1 are /alt's visits).
      const from = normalizePath(path);
      if (from) hits.count(from);
    },
  };
}

/** A version's own `_read`/`_write`: the page's as published (a missing list stays missing: open, as on the page). */
export function versionLists(page: Doc): { _read?: unknown[]; _write?: unknown[] } {
  return {
    ...(Array.isArray(page._read) ? { _read: page._read } : {}),
    ...(Array.isArray(page._write) ? { _write: page._write } : {}),
  };
}

function summary(version: Doc): PageVersionSummary {
  return {
    _id: version._id,
    page: String(version.page),
    ...(typeof version.user === 'string' ? { user: version.user } : {}),
    publishedAt: String(version.publishedAt),
  };
}
