import { SYSTEM_FIELD_NAMES, type ModelInfo } from '../registry';
import { LIST_PAGE_SIZE } from '../rules/constants';
import { SECRETS_SET, type FindParams, type SortSpec } from './documents';

/** What a list shows, kept in the URL so reload and back restore it (`p` is the zero-based page of spec section 2). */
export interface ListState {
  page: number;
  search: string;
  /** One field and direction (the model's default sort until the user picks one), or none. */
  sort: { field: string; direction: 1 | -1 } | null;
  /** Equality filters by field, values as the API's `filters` answered them. */
  filter: Record<string, unknown>;
  deleted: boolean;
}

const FILTER_PREFIX = 'f.';

export function parseListState(
  params: URLSearchParams,
  model: Pick<ModelInfo, 'sortable' | 'filterable' | 'defaultSort'>,
): ListState {
  const page = Number.parseInt(params.get('p') ?? '0', 10);
  const sortParam = params.get('sort') ?? '';
  const field = sortParam.replace(/^-/, '');
  const filter: Record<string, unknown> = {};
  for (const [key, raw] of params) {
    const name = key.slice(FILTER_PREFIX.length);
    if (!key.startsWith(FILTER_PREFIX) || !model.filterable.includes(name)) continue;
    try {
      filter[name] = JSON.parse(raw);
    } catch {
      // A hand-edited URL: ignore the filter rather than fail.
    }
  }
  return {
    page: Number.isFinite(page) && page > 0 ? page : 0,
    search: params.get('q') ?? '',
    sort: model.sortable.includes(field)
      ? { field, direction: sortParam.startsWith('-') ? -1 : 1 }
      : defaultSortOf(model),
    filter,
    deleted: params.get('deleted') === '1',
  };
}

function defaultSortOf(model: Pick<ModelInfo, 'defaultSort'>): ListState['sort'] {
  const [field, direction] = Object.entries(model.defaultSort)[0] ?? [];
  return field ? { field, direction: direction === -1 ? -1 : 1 } : null;
}

export function listSearchParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 0) params.set('p', String(state.page));
  if (state.search) params.set('q', state.search);
  if (state.sort) params.set('sort', `${state.sort.direction === -1 ? '-' : ''}${state.sort.field}`);
  for (const [field, value] of Object.entries(state.filter))
    params.set(`${FILTER_PREFIX}${field}`, JSON.stringify(value));
  if (state.deleted) params.set('deleted', '1');
  return params;
}

/** Clicking a column: ascending first, then toggle; any change of sort goes back to page 0. */
export function toggleSort(state: ListState, field: string): ListState {
  const direction = state.sort?.field === field && state.sort.direction === 1 ? -1 : 1;
  return { ...state, sort: { field, direction }, page: 0 };
}

export function withFilter(state: ListState, field: string, value: unknown): ListState {
  const filter = { ...state.filter };
  if (value === undefined) delete filter[field];
  else filter[field] = value;
  return { ...state, filter, page: 0 };
}

/** The admin list form of the find call (spec section 7). */
export function findParams(
  state: ListState,
  model: Pick<ModelInfo, 'defaultSort' | 'filterable' | 'relations' | 'columns' | 'titleFields' | 'fields'>,
): FindParams {
  const sort: SortSpec = state.sort ? { [state.sort.field]: state.sort.direction } : model.defaultSort;
  const populate = model.relations.filter((field) => model.columns.includes(field.name)).map((field) => field.name);
  // Only what the rows show: the columns and the title (delete dialog, links), not whole documents. A secret's
  // column shows whether it is set, which the API answers as `_secretsSet` (never the secret).
  const secrets = new Set(model.fields.filter((field) => field.secret).map((field) => field.name));
  const shown = [...model.columns, ...model.titleFields].map((field) => (secrets.has(field) ? SECRETS_SET : field));
  // The row's own columns (`_id`, `_createdAt`, …) always come; fields of the document named with `_` (a page's
  // `_path`) are asked for like any other.
  const fields = [...new Set(shown)].filter((field) => !SYSTEM_FIELD_NAMES.includes(field));
  const params: FindParams = { page: state.page, limit: LIST_PAGE_SIZE, sort, fields };
  if (populate.length) params.populate = populate;
  if (state.search.trim()) params.search = state.search.trim();
  if (Object.keys(state.filter).length) params.filter = state.filter;
  if (model.filterable.length) params.filterFields = model.filterable;
  if (state.deleted) params.deleted = true;
  return params;
}

/** Page numbers to show as buttons: first, last and a window around the current page, with gaps as null. */
export function pageWindow(current: number, count: number, radius = 2): (number | null)[] {
  if (count <= 0) return [];
  const pages = new Set([0, count - 1]);
  for (let page = current - radius; page <= current + radius; page += 1) if (page >= 0 && page < count) pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1] > 1) out.push(page - sorted[index - 1] === 2 ? page - 1 : null);
    out.push(page);
  });
  return out;
}
