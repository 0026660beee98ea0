import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ModelInfo } from '../../../shared/registry';
import { LIST_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../../../shared/rules/constants';
import { isOwnAccount, mayRead, mayWrite } from '../access';
import { useAdmin } from '../AdminContext';
import { useDocumentLimits } from '../limits';
import { useFindQuery, useRemoveMutation } from '../data/api';
import type { Doc } from '../data/types';
import { listColumns } from './columns';
import {
  findParams,
  listSearchParams,
  parseListState,
  toggleSort,
  withFilter,
  type ListState,
} from '../../../shared/api/listParams';

/**
 * The logic of a generic list (spec section 2, "List pages"): state in the URL, debounced search,
 * sort that resets to page 0, filters fed by the API, paging, delete.
 */
export function useListController(model: ModelInfo) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { registry, permissions, user } = useAdmin();
  // A filter on a relation the caller may not read could offer no choices: none is offered, and one
  // in the URL (a shared or hand-made link) is ignored rather than narrowing the list out of sight.
  const filterable = useMemo(
    () =>
      model.filterable.filter((name) => {
        const target = model.fields.find((field) => field.name === name)?.relation?.model;
        return !target || mayRead({ permissions, user }, registry.model(target));
      }),
    [model, registry, permissions, user],
  );
  const state = useMemo(
    () => parseListState(searchParams, { ...model, filterable }),
    [searchParams, model, filterable],
  );
  const update = useCallback(
    (next: ListState, replace = false) => setSearchParams(listSearchParams(next), { replace }),
    [setSearchParams],
  );

  // The box shows what is typed at once; the query follows 500 ms after the last key.
  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => setSearchText(state.search), [state.search]);
  useEffect(() => {
    if (searchText === state.search) return;
    const timer = setTimeout(() => update({ ...state, search: searchText, page: 0 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, state, update]);

  const params = useMemo(() => findParams(state, model), [state, model]);
  const query = useFindQuery({ model: model.name, params });
  const [removeCall] = useRemoveMutation();
  const limitsOf = useDocumentLimits(model);
  const columns = useMemo(
    () =>
      listColumns(model, (name) => registry.model(name)?.label).map((column) =>
        column.filterable && !filterable.includes(column.field) ? { ...column, filterable: false } : column,
      ),
    [model, registry, filterable],
  );
  const total = query.data?.total ?? 0;
  const pageCount = Math.ceil(total / LIST_PAGE_SIZE);

  // A page past the end (a typed or old link, or the last row of the last page deleted) becomes the last page.
  const pastEnd = query.currentData !== undefined && !query.isFetching && state.page > 0 && state.page >= pageCount;
  useEffect(() => {
    if (pastEnd) update({ ...state, page: Math.max(0, pageCount - 1) }, true);
  }, [pastEnd, pageCount, state, update]);

  return {
    model,
    columns,
    state,
    rows: (query.data?.results ?? EMPTY) as Doc[],
    total,
    totalEstimated: query.data?.totalEstimated ?? false,
    pageCount,
    filters: query.data?.filters ?? {},
    /** First load: nothing to show yet. */
    loading: query.isLoading,
    /** Any request in flight, including a refetch after a change elsewhere. */
    fetching: query.isFetching,
    error: query.error && 'message' in query.error ? query.error.message : undefined,
    searchText,
    setSearchText,
    setPage: (page: number) => update({ ...state, page }),
    sortBy: (field: string) => update(toggleSort(state, field)),
    /** A phone's sort select: one field and direction at once. */
    setSort: (sort: ListState['sort']) => update({ ...state, sort, page: 0 }),
    setFilter: (field: string, value: unknown) => update(withFilter(state, field, value)),
    setShowDeleted: (deleted: boolean) => update({ ...state, deleted, page: 0 }),
    remove: (doc: Doc) => removeCall({ model: model.name, id: doc._id }).unwrap(),
    showLink: (doc: Doc) => `${model.route}/${doc._id}`,
    // Add and delete follow what the server would allow the caller (a staff user lists only their own user).
    createLink: model.create && mayWrite({ permissions, user }, model, 'create') ? `${model.route}/new` : undefined,
    // ...and the server's own rules for the model (a user above the caller): none offered before they are known.
    canDelete: (doc: Doc) => mayWrite({ permissions, user }, model, 'delete', doc) && !!limitsOf?.(doc).mayDelete,
    /** The row is the signed-in user's own account: deleting it signs them out for good, which the question says. */
    ownAccount: (doc: Doc) => isOwnAccount(model, doc, user),
  };
}

const EMPTY: Doc[] = [];

export type ListController = ReturnType<typeof useListController>;
