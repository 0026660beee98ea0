import type { Doc } from '../../../shared/api/documents';
import type { Registry } from '../../../shared/registry';
import { elementCatalogue } from '../../../shared/registry/catalogue';
import type {
  ElementsAnswer,
  PageTreeAnswer,
  PageTreeNode,
  PageVersionAnswer,
  PageVersionsAnswer,
  PublishAnswer,
  RedirectStatsAnswer,
  ResetAnswer,
  RestoreAnswer,
  SpellCheckAnswer,
} from '../../../shared/api/pages';
import { adminApi, docTag, listTag, providerOf, run } from './api';
import { ApiError } from './types';

/** The page editor's calls (src/shared/api/pages.ts): part of the one data interface. */
export interface PageProvider {
  pageTree(project?: string): Promise<PageTreeAnswer>;
  publishPage(id: string): Promise<PublishAnswer>;
  resetDraft(id: string): Promise<ResetAnswer>;
  checkPageDraft(id: string): Promise<SpellCheckAnswer>;
  elements(): Promise<ElementsAnswer>;
  pageVersions(pageId: string): Promise<PageVersionsAnswer>;
  pageVersion(versionId: string): Promise<PageVersionAnswer>;
  restoreVersion(versionId: string): Promise<RestoreAnswer>;
  redirectStats(): Promise<RedirectStatsAnswer>;
  deleteDraft(id: string, unpublish: boolean): Promise<void>;
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;
type Send = (method: string, path: string) => Promise<Response>;

const enc = encodeURIComponent;

export function httpPages(call: Call, send: Send): PageProvider {
  return {
    pageTree: (project) => call('GET', `/api/cms/pageTree${project ? `?project=${enc(project)}` : ''}`),
    publishPage: (id) => call('GET', `/api/cms/publishPage?id=${enc(id)}`),
    resetDraft: (id) => call('POST', `/api/cms/resetDraft/${enc(id)}`, {}),
    checkPageDraft: (id) => call('GET', `/api/cms/checkPageDraft/${enc(id)}`),
    elements: () => call('GET', '/api/cms/elements'),
    pageVersions: (pageId) => call('GET', `/api/cms/pageVersions/${enc(pageId)}`),
    pageVersion: (versionId) => call('GET', `/api/cms/pageVersion/${enc(versionId)}`),
    restoreVersion: (versionId) => call('POST', `/api/cms/restoreVersion/${enc(versionId)}`, {}),
    redirectStats: () => call('GET', '/api/redirectStats'),
    async deleteDraft(id, unpublish) {
      await send('DELETE', `/api/cms/pageDraft/${enc(id)}?unpublish=${unpublish ? 'true' : 'false'}`);
    },
  };
}

const SYSTEM = ['_version', '_createdAt', '_updatedAt', '_deletedAt'];
const content = (doc: Doc) => JSON.stringify({ ...doc, ...Object.fromEntries(SYSTEM.map((key) => [key, undefined])) });

/** In memory (stories and component tests): drafts and live pages of `data`, the catalogue of `registry`, no spell checker. */
export function memoryPages(data: Record<string, Doc[]>, registry: Pick<Registry, 'elements' | 'resolver'>): PageProvider {
  const rows = (model: string) => (data[model] ??= []);
  const byId = (model: string, id: string) => rows(model).find((doc) => doc._id === id);
  const need = (model: string, id: string) => {
    const doc = byId(model, id);
    if (!doc) throw new ApiError(404, `${model} ${id} not found`);
    return doc;
  };
  const replace = (model: string, doc: Doc) => {
    const list = rows(model);
    const index = list.findIndex((row) => row._id === doc._id);
    if (index >= 0) list[index] = doc;
    else list.push(doc);
    return doc;
  };
  return {
    async pageTree() {
      const drafts = rows('pageDraft').filter((doc) => !doc._deletedAt);
      const node = (doc: Doc): PageTreeNode => {
        const live = byId('page', doc._id);
        return {
          _id: doc._id,
          name: String(doc.name ?? ''),
          _path: String(doc._path ?? ''),
          published: !!live,
          changed: !live || content(live) !== content(doc),
          children: drafts
            .filter((child) => child._parent === doc._id)
            .map(node)
            .sort((a, b) => a._path.localeCompare(b._path)),
        };
      };
      return drafts.filter((doc) => !doc._parent).map(node);
    },
    async publishPage(id) {
      return replace('page', structuredClone(need('pageDraft', id)));
    },
    async resetDraft(id) {
      return replace('pageDraft', structuredClone(need('page', id)));
    },
    async checkPageDraft() {
      throw new ApiError(501, 'The spell check needs the server');
    },
    async elements() {
      return elementCatalogue(registry);
    },
    async pageVersions() {
      return [];
    },
    async pageVersion(versionId) {
      throw new ApiError(404, `Version ${versionId} not found`);
    },
    async restoreVersion(versionId) {
      throw new ApiError(404, `Version ${versionId} not found`);
    },
    async redirectStats() {
      return rows('redirect').map((doc) => ({
        redirect: { _id: doc._id, name: doc.name as string, from: String(doc.from), to: String(doc.to) },
        count: 0,
      }));
    },
    async deleteDraft(id, unpublish) {
      data.pageDraft = rows('pageDraft').filter((doc) => doc._id !== id);
      if (unpublish) data.page = rows('page').filter((doc) => doc._id !== id);
    },
  };
}

export const treeTag = { type: 'Doc' as const, id: 'list:pageDraft' };

/** The page editor's endpoints, injected into the one admin API. Writes refetch the tree and the page's documents. */
export const pagesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    pageTree: build.query<PageTreeAnswer, { project?: string } | void>({
      queryFn: (arg, api) => run(() => providerOf(api).pageTree(arg ? arg.project : undefined)),
      // The tree changes with every draft or page (realtime events invalidate the model lists).
      providesTags: [listTag('pageDraft'), listTag('page')],
    }),
    publishPage: build.mutation<PublishAnswer, string>({
      queryFn: (id, api) => run(() => providerOf(api).publishPage(id)),
      invalidatesTags: (_r, error, id) =>
        error ? [] : [listTag('page'), docTag('page', id), { type: 'Doc', id: `versions:${id}` }],
    }),
    resetDraft: build.mutation<ResetAnswer, string>({
      queryFn: (id, api) => run(() => providerOf(api).resetDraft(id)),
      invalidatesTags: (_r, error, id) => (error ? [] : [listTag('pageDraft'), docTag('pageDraft', id)]),
    }),
    checkPageDraft: build.mutation<SpellCheckAnswer, string>({
      queryFn: (id, api) => run(() => providerOf(api).checkPageDraft(id)),
    }),
    // The catalogue changes only with the schemas (a server start): fetched once per session.
    elements: build.query<ElementsAnswer, void>({
      queryFn: (_arg, api) => run(() => providerOf(api).elements()),
      keepUnusedDataFor: 3600,
    }),
    pageVersions: build.query<PageVersionsAnswer, string>({
      queryFn: (pageId, api) => run(() => providerOf(api).pageVersions(pageId)),
      providesTags: (_r, _e, pageId) => [{ type: 'Doc', id: `versions:${pageId}` }],
    }),
    pageVersion: build.query<PageVersionAnswer, string>({
      queryFn: (versionId, api) => run(() => providerOf(api).pageVersion(versionId)),
    }),
    restoreVersion: build.mutation<RestoreAnswer, { versionId: string; pageId: string }>({
      queryFn: ({ versionId }, api) => run(() => providerOf(api).restoreVersion(versionId)),
      invalidatesTags: (_r, error, { pageId }) => (error ? [] : [listTag('pageDraft'), docTag('pageDraft', pageId)]),
    }),
    redirectStats: build.query<RedirectStatsAnswer, void>({
      queryFn: (_arg, api) => run(() => providerOf(api).redirectStats()),
      providesTags: [listTag('redirect')],
    }),
    deleteDraft: build.mutation<void, { id: string; unpublish: boolean }>({
      queryFn: ({ id, unpublish }, api) => run(() => providerOf(api).deleteDraft(id, unpublish)),
      invalidatesTags: (_r, error, { id }) =>
        error ? [] : [listTag('pageDraft'), listTag('page'), docTag('pageDraft', id), docTag('page', id)],
    }),
  }),
});

export const {
  usePageTreeQuery,
  usePublishPageMutation,
  useResetDraftMutation,
  useCheckPageDraftMutation,
  useElementsQuery,
  usePageVersionsQuery,
  useLazyPageVersionQuery,
  useRestoreVersionMutation,
  useRedirectStatsQuery,
  useDeleteDraftMutation,
} = pagesApi;
