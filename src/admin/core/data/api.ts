import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { SchemaSet } from '../../../shared/registry';
import {
  ApiError,
  type ApiFailure,
  type DataProvider,
  type Doc,
  type FindAnswer,
  type FindParams,
  type LoginState,
  type RequestOptions,
  type SessionUser,
} from './types';

/** The thunk extra argument of the admin store: which implementation of the data interface is in use. */
export interface AdminExtra {
  provider: DataProvider;
}

export const providerOf = (api: { extra: unknown }) => (api.extra as AdminExtra).provider;

/**
 * Any thrown or returned failure as an ApiFailure: an ApiError, an Error, or a failure that already is
 * one (what RTK Query hands back as `query.error` and rejects `.unwrap()` with, a plain object).
 */
export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiError)
    return { status: error.status, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  if (error instanceof Error) return { status: 0, message: error.message };
  if (isFailure(error)) return error;
  return { status: 0, message: String(error) };
}

function isFailure(error: unknown): error is ApiFailure {
  const candidate = error as Partial<ApiFailure> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.message === 'string';
}

export async function run<T>(call: () => Promise<T>): Promise<{ data: T } | { error: ApiFailure }> {
  try {
    return { data: await call() };
  } catch (error) {
    return { error: failureOf(error) };
  }
}

/** Cache tags: one per model list and one per document, so writes and realtime events refetch exactly what changed. */
export const listTag = (model: string) => ({ type: 'Doc' as const, id: `list:${model}` });
export const docTag = (model: string, id: string) => ({ type: 'Doc' as const, id: `${model}:${id}` });

export interface FindArgs {
  model: string;
  params: FindParams;
}
export interface FindByIdArgs {
  model: string;
  id: string;
  populate?: string[];
  /** A soft-deleted document too (the edit page shows one read-only). */
  deleted?: boolean;
}

/** Every call of the admin goes through these endpoints (style: one data interface). */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: fakeBaseQuery<ApiFailure>(),
  tagTypes: ['Doc', 'Context'],
  // Lists stay fresh through tags and realtime events; a remount should not refetch what is current.
  refetchOnMountOrArgChange: 30,
  endpoints: (build) => ({
    schemas: build.query<SchemaSet, void>({
      queryFn: (_arg, api) => run(() => providerOf(api).schemas()),
      providesTags: ['Context'],
    }),
    permissions: build.query<string[], void>({
      queryFn: (_arg, api) => run(() => providerOf(api).permissions()),
      providesTags: ['Context'],
    }),
    find: build.query<FindAnswer, FindArgs>({
      queryFn: ({ model, params }, api) => run(() => providerOf(api).find(model, params)),
      providesTags: (_result, _error, { model }) => [listTag(model)],
    }),
    findById: build.query<Doc, FindByIdArgs>({
      queryFn: ({ model, id, populate, deleted }, api) =>
        run(() => providerOf(api).findById(model, id, populate, deleted)),
      providesTags: (_result, _error, { model, id }) => [docTag(model, id)],
    }),
    save: build.mutation<Doc, { model: string; doc: Record<string, unknown> } & RequestOptions>({
      queryFn: ({ model, doc, keepalive }, api) =>
        run(() => providerOf(api).save(model, doc, keepalive ? { keepalive } : undefined)),
      invalidatesTags: (result, error, { model }) =>
        error || !result ? [] : [listTag(model), docTag(model, result._id)],
    }),
    // The document is not asked for again (it would answer 404, while its edit page is still mounted): its
    // cached copies are marked deleted instead.
    remove: build.mutation<void, { model: string; id: string }>({
      queryFn: ({ model, id }, api) => run(() => providerOf(api).remove(model, id)),
      invalidatesTags: (_result, error, { model }) => (error ? [] : [listTag(model)]),
      async onQueryStarted({ model, id }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false))
          dispatch(markDeleted(model, id, { _deletedAt: new Date().toISOString() }));
      },
    }),
    login: build.mutation<LoginState, { username: string; password: string }>({
      queryFn: ({ username, password }, api) => run(() => providerOf(api).login(username, password)),
    }),
    self: build.query<SessionUser, void>({
      queryFn: (_arg, api) => run(() => providerOf(api).self()),
    }),
    logout: build.mutation<void, void>({
      queryFn: (_arg, api) => run(() => providerOf(api).logout()),
    }),
  }),
});

export const {
  useSchemasQuery,
  usePermissionsQuery,
  useFindQuery,
  useFindByIdQuery,
  useSaveMutation,
  useRemoveMutation,
  useLoginMutation,
  useLogoutMutation,
} = adminApi;

/**
 * A deleted document's cached copies (`findById`) marked deleted in place, without a request: asked for again it
 * would answer 404, and a screen still showing it (its edit page, in this tab or another) says it is deleted.
 */
export function markDeleted(
  model: string,
  id: string,
  deletion: { _deletedAt: string; _version?: number; _updatedAt?: string },
): ThunkAction<void, Parameters<typeof adminApi.util.selectInvalidatedBy>[0], AdminExtra, UnknownAction> {
  return (dispatch, getState) => {
    for (const entry of adminApi.util.selectInvalidatedBy(getState(), [docTag(model, id)])) {
      if (entry.endpointName !== 'findById') continue;
      const args = entry.originalArgs as FindByIdArgs;
      dispatch(adminApi.util.updateQueryData('findById', args, (doc) => void Object.assign(doc, deletion)));
    }
  };
}
