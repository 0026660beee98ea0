import { Search, X } from 'lucide-react';
import type { ColumnSpec } from '../core/list/columns';
import type { ListController } from '../core/list/useListController';
import { enumLabel } from './cells';
import { relationLabel } from './relationLabel';

const control =
  'h-8 rounded-md border border-zinc-300 bg-white text-[13px] text-zinc-800 shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none';

/**
 * What the dropdown shows for a value the list is filtered by before the API has answered its label (the API
 * always lists that value): an enum's label, `…` for a related document until it is known, never its id.
 */
function pendingLabel(column: ColumnSpec, value: unknown, fetching: boolean): string {
  if (column.kind === 'relation') return fetching ? '…' : relationLabel(value, column.info, column.related);
  if (column.kind === 'enum') return enumLabel(value, column.info);
  return String(value);
}

/** Search box and one filter dropdown per filterable column, with the values the API answered. */
export function ListToolbar({ list }: { list: ListController }) {
  const { model, state, filters } = list;
  return (
    <div className="flex flex-wrap items-center gap-2 px-4 pb-3 md:px-6">
      {model.searchable.length > 0 && (
        <label className="relative w-full sm:w-72">
          <span className="sr-only">Search</span>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500"
          />
          <input
            type="search"
            placeholder="Search…"
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
            // The browser's own clear button would stand beside ours.
            className={`${control} w-full pr-8 pl-8 [&::-webkit-search-cancel-button]:appearance-none`}
          />
          {list.searchText && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => list.setSearchText('')}
              className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-zinc-500 hover:text-zinc-700"
            >
              <X className="size-3.5" />
            </button>
          )}
        </label>
      )}
      {list.columns
        .filter((column) => column.filterable)
        .map((column) => {
          const options = filters[column.field] ?? [];
          const current = state.filter[column.field];
          const index =
            current === undefined
              ? -1
              : options.findIndex((option) => JSON.stringify(option.value) === JSON.stringify(current));
          return (
            <label key={column.field} className="flex items-center">
              <span className="sr-only">Filter {column.label}</span>
              <select
                aria-label={`Filter ${column.label}`}
                value={current === undefined ? '' : String(index)}
                onChange={(event) =>
                  list.setFilter(
                    column.field,
                    event.target.value === '' ? undefined : options[Number(event.target.value)]?.value,
                  )
                }
                className={`${control} max-w-52 pr-7 pl-2.5 ${current === undefined ? 'text-zinc-500' : 'border-accent-600 text-accent-700'}`}
              >
                <option value="">{column.label}: all</option>
                {options.map((option, i) => (
                  <option key={i} value={String(i)}>
                    {option.label}
                  </option>
                ))}
                {current !== undefined && index < 0 && (
                  <option value="-1">{pendingLabel(column, current, list.fetching)}</option>
                )}
              </select>
            </label>
          );
        })}
      <SortSelect list={list} />
      <label className="ml-auto flex items-center gap-2 text-[13px] text-zinc-500 select-none">
        <input
          type="checkbox"
          checked={state.deleted}
          onChange={(event) => list.setShowDeleted(event.target.checked)}
          className="size-3.5 accent-accent-600"
        />
        Show deleted
      </label>
    </div>
  );
}

/** On a phone, whose cards have no column heads to click (under 640 px): the sort as one select. */
function SortSelect({ list }: { list: ListController }) {
  const sortable = list.columns.filter((column) => column.sortable);
  if (sortable.length === 0) return null;
  const { sort } = list.state;
  return (
    <label className="flex items-center sm:hidden">
      <span className="sr-only">Sort</span>
      <select
        aria-label="Sort"
        value={sort ? `${sort.field}:${sort.direction}` : ''}
        onChange={(event) => {
          const [field, direction] = event.target.value.split(':');
          list.setSort(field ? { field, direction: direction === '-1' ? -1 : 1 } : null);
        }}
        className={`${control} max-w-52 pr-7 pl-2.5 text-zinc-500`}
      >
        {!sort && <option value="">Sort: none</option>}
        {/* A default sort by a field that is no column (contact requests by when they came). */}
        {sort && !sortable.some((column) => column.field === sort.field) && (
          <option value={`${sort.field}:${sort.direction}`}>
            {`Sort: ${list.model.fields.find((field) => field.name === sort.field)?.label ?? sort.field} ${sort.direction === 1 ? '↑' : '↓'}`}
          </option>
        )}
        {sortable.flatMap((column) =>
          ([1, -1] as const).map((direction) => (
            <option key={`${column.field}:${direction}`} value={`${column.field}:${direction}`}>
              {`Sort: ${column.label} ${direction === 1 ? '↑' : '↓'}`}
            </option>
          )),
        )}
      </select>
    </label>
  );
}
