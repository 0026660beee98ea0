import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { JobAction } from '../../../shared/api/queues';
import { FILE_PAGE_SIZE } from '../../../shared/rules/constants';
import { adminApi, docTag, markDeleted, providerOf, run, type AdminExtra } from './api';
import { mergeReferences } from './mergeReferences';
import type {
  FileBlobKind,
  FileItem,
  FileReferencesAnswer,
  FolderArgs,
  FolderPage,
  ItemPatch,
  ItemType,
  QueueJob,
  UploadRequest,
} from './files';

/** Cache tag of a folder's children; the root is `root`. Realtime `cms/item` events invalidate it by parent. */
export const folderTag = (id: string | null | undefined) => ({ type: 'Folder' as const, id: id ?? 'root' });
export const queueTag = (name: string) => ({ type: 'Queue' as const, id: name });

/** The file store and queue endpoints, injected into the one admin API (style: one data interface). */
export const filesApi = adminApi.enhanceEndpoints({ addTagTypes: ['Folder', 'Queue'] }).injectEndpoints({
  endpoints: (build) => ({
    /** A folder and its children, FILE_PAGE_SIZE per page, the next page loaded as the user scrolls. */
    folder: build.infiniteQuery<FolderPage, FolderArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last, all, lastParam) =>
          all.reduce((sum, page) => sum + page.children.length, 0) < last.total && last.children.length > 0
            ? lastParam + 1
            : undefined,
      },
      queryFn: ({ queryArg, pageParam }, api) =>
        run(() => providerOf(api).folder({ ...queryArg, page: pageParam, limit: FILE_PAGE_SIZE })),
      providesTags: (_result, _error, { id }) => [folderTag(id)],
    }),
    /** An object URL of a file's bytes or thumbnail, fetched with the login token (img/video cannot send it). */
    fileUrl: build.query<string, { id: string; kind: FileBlobKind; version?: string }>({
      queryFn: ({ id, kind }, api) => run(async () => URL.createObjectURL(await providerOf(api).fileBlob(id, kind))),
      keepUnusedDataFor: 120,
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved }) {
        const loaded = await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        if (loaded) URL.revokeObjectURL(loaded.data);
      },
    }),
    createFolder: build.mutation<FileItem, ItemPatch & { name: string; parent?: string | null }>({
      queryFn: ({ parent, ...fields }, api) =>
        run(async () => (await providerOf(api).save('folder', { ...fields, _parent: parent ?? null })) as FileItem),
      invalidatesTags: (_result, error, { parent }) => (error ? [] : [folderTag(parent)]),
    }),
    /** Rename, move or change permissions (`POST /api/database/{model}/{id}`). */
    updateItem: build.mutation<FileItem, { model: ItemType; id: string; patch: ItemPatch }>({
      queryFn: ({ model, id, patch }, api) => run(() => providerOf(api).updateItem(model, id, patch)),
      invalidatesTags: (_result, error, { model, id }) => (error ? [] : ['Folder', docTag(model, id)]),
    }),
    // A deleted item is not asked for again (it would answer 404): its cached copies are marked deleted.
    removeItem: build.mutation<void, { model: ItemType; id: string }>({
      queryFn: ({ model, id }, api) => run(() => providerOf(api).remove(model, id)),
      invalidatesTags: (_result, error) => (error ? [] : ['Folder']),
      async onQueryStarted({ model, id }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false))
          dispatch(markDeleted(model, id, { _deletedAt: new Date().toISOString() }));
      },
    }),
    /** Where each of the files is used, asked when a delete is to be confirmed (never cached: pages change). */
    fileReferences: build.query<FileReferencesAnswer, string[]>({
      queryFn: (ids, api) =>
        run(async () => mergeReferences(await Promise.all(ids.map((id) => providerOf(api).fileReferences(id))))),
      keepUnusedDataFor: 0,
    }),
    queues: build.query<string[], void>({
      queryFn: (_arg, api) => run(() => providerOf(api).queues()),
      providesTags: [queueTag('*')],
    }),
    queueJobs: build.query<QueueJob[], string>({
      queryFn: (queue, api) => run(() => providerOf(api).queueJobs(queue)),
      providesTags: (_result, _error, queue) => [queueTag(queue)],
    }),
    queueJobAction: build.mutation<QueueJob, { queue: string; id: string; action: JobAction }>({
      queryFn: ({ queue, id, action }, api) => run(() => providerOf(api).queueJobAction(queue, id, action)),
      invalidatesTags: (_result, _error, { queue }) => [queueTag(queue)],
    }),
  }),
});

export const {
  useFolderInfiniteQuery,
  useFileUrlQuery,
  useCreateFolderMutation,
  useUpdateItemMutation,
  useRemoveItemMutation,
  useFileReferencesQuery,
  useQueuesQuery,
  useQueueJobsQuery,
  useQueueJobActionMutation,
} = filesApi;

/**
 * Uploads one file with progress. Not an RTK mutation: the progress callback and the Blob do not
 * belong in the store; the call still goes through the data interface and refreshes the folder.
 */
export function uploadFile(request: UploadRequest): ThunkAction<Promise<FileItem>, unknown, AdminExtra, UnknownAction> {
  return async (dispatch, _getState, extra) => {
    const item = await extra.provider.upload(request);
    dispatch(filesApi.util.invalidateTags([folderTag(request.folder)]));
    return item;
  };
}

/** Rewrites the cached jobs of a queue (live `queue/state` events), typed for the admin store's dispatch. */
export function patchQueueJobs(
  queue: string,
  update: (jobs: QueueJob[]) => QueueJob[],
): ThunkAction<void, unknown, AdminExtra, UnknownAction> {
  return filesApi.util.updateQueryData('queueJobs', queue, update) as unknown as ThunkAction<
    void,
    unknown,
    AdminExtra,
    UnknownAction
  >;
}
