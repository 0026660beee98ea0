import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Trash2 } from 'lucide-react';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { fieldValue } from '../../shared/registry';
import { EMPTY_LIST_TEXT } from '../../shared/rules/constants';
import { listCard } from '../core/list/card';
import type { ColumnSpec } from '../core/list/columns';
import type { ListController } from '../core/list/useListController';
import type { Doc } from '../core/data/types';
import { Spinner } from '../ui/Spinner';
import { STICKY_HEAD, TableFrame } from '../ui/TableFrame';
import { renderCell } from './cells';
import { DocumentLinks } from '../ui/DocumentLinks';
import type { ExtraColumn } from './listExtras';

const features = tableFeatures({});
type Features = typeof features;

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

function SortIcon({ active, direction }: { active: boolean; direction: 1 | -1 }) {
  if (!active) return <ArrowUpDown aria-hidden className="size-3.5 text-zinc-300 group-hover/sort:text-zinc-500" />;
  return direction === 1 ? (
    <ArrowUp aria-hidden className="size-3.5 text-accent-600" />
  ) : (
    <ArrowDown aria-hidden className="size-3.5 text-accent-600" />
  );
}

/** Kinds of cell whose text may be cut short on a phone's card line (a status or a date must stay whole). */
const SHRINKS: ReadonlySet<string> = new Set(['text', 'relation', 'list', 'object']);

/** A value a phone's card leaves out of its second line (the table shows it as `–`). */
const blank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Under 640 px a row is a two-line card (`listCard`, from `x-compact`): the title, an amount and the row's
 * actions, then the other compact columns after a line break (the row's `::after`). The same cells as on a
 * desktop, laid out by flex classes: nothing scrolls sideways, and the desktop table keeps every column.
 */
const CARD_ROW =
  "max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:py-1.5 max-sm:pr-2 max-sm:pl-4 max-sm:after:order-4 max-sm:after:basis-full max-sm:after:content-['']";
const CARD_CELL = {
  title:
    'max-sm:order-1 max-sm:h-8 max-sm:min-w-0 max-sm:flex-1 max-sm:truncate max-sm:p-0 max-sm:leading-8 max-sm:font-medium max-sm:text-left',
  trailing: 'max-sm:order-2 max-sm:h-8 max-sm:p-0 max-sm:leading-8',
  // A flex box, so that the `·` before a cell stays on the line of a cell whose value is a block (a cut text).
  detail:
    'max-sm:order-5 max-sm:flex max-sm:h-auto max-sm:items-center max-sm:p-0 max-sm:pb-0.5 max-sm:text-[13px] max-sm:text-zinc-500',
  hidden: 'max-sm:hidden',
} as const;

/** The spinner's and the empty text's row: on a phone, where the rows are cards, one centred box as wide as the list. */
const MESSAGE_ROW = 'max-sm:block';
const MESSAGE_CELL = 'max-sm:flex max-sm:items-center max-sm:justify-center';

/** The rows of a list: sticky header with sort buttons, formatted cells, show and delete at the right end. */
export function ListTable({
  list,
  onDelete,
  extraColumns = [],
}: {
  list: ListController;
  onDelete(event: MouseEvent, doc: Doc): void;
  /** Columns from other calls, after the schema's (e.g. how often a redirect was served). */
  extraColumns?: ExtraColumn[];
}) {
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<Features, Doc, unknown>[]>(
    () =>
      list.columns.map((spec: ColumnSpec) => ({
        id: spec.field,
        accessorFn: (doc: Doc) => fieldValue(doc, spec.field),
        header: spec.label,
        cell: (context) => renderCell(spec, context.getValue(), context.row.original),
      })),
    [list.columns],
  );
  const table = useTable({ features, columns, data: list.rows, getRowId: (doc: Doc) => doc._id });
  const specs = new Map(list.columns.map((spec) => [spec.field, spec]));
  const { sort } = list.state;
  const colSpan = list.columns.length + extraColumns.length + 1;
  const card = useMemo(() => listCard(list.columns, list.model.labelField), [list.columns, list.model.labelField]);
  /** A cell's place in a phone's card; `shown`: the row's details that hold a value (the first has no `·`). */
  const cardCell = (spec: ColumnSpec, shown: string[]) => {
    if (spec.field === card.title) return CARD_CELL.title;
    if (spec.field === card.trailing) return CARD_CELL.trailing;
    if (!shown.includes(spec.field)) return CARD_CELL.hidden;
    const fit = SHRINKS.has(spec.kind)
      ? 'max-sm:min-w-0 max-sm:max-w-fit max-sm:basis-0 max-sm:grow max-sm:truncate'
      : '';
    const dot = shown[0] === spec.field ? '' : "max-sm:before:mr-2 max-sm:before:content-['·']";
    return `${CARD_CELL.detail} ${fit} ${dot}`;
  };

  return (
    <TableFrame className="relative">
      <table className="w-full border-collapse text-sm max-sm:block" aria-busy={list.fetching}>
        {/* A phone's cards have no columns to head: its sort is the toolbar's select. */}
        <thead className={`${STICKY_HEAD} bg-zinc-50 max-sm:hidden`}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-zinc-200">
              {group.headers.map((header) => {
                const spec = specs.get(header.id)!;
                const active = sort?.field === spec.field;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={active ? (sort.direction === 1 ? 'ascending' : 'descending') : undefined}
                    className={`h-9 px-3 font-medium whitespace-nowrap text-zinc-500 first:pl-4 ${ALIGN[spec.align]}`}
                  >
                    {spec.sortable ? (
                      <button
                        type="button"
                        onClick={() => list.sortBy(spec.field)}
                        className={`group/sort inline-flex items-center gap-1 rounded hover:text-zinc-900 ${active ? 'text-zinc-900' : ''} ${spec.align === 'right' ? 'flex-row-reverse' : ''}`}
                      >
                        {spec.label}
                        <SortIcon active={active} direction={sort?.direction ?? 1} />
                      </button>
                    ) : (
                      spec.label
                    )}
                  </th>
                );
              })}
              {extraColumns.map((extra) => (
                <th
                  key={extra.id}
                  scope="col"
                  className="h-9 px-3 text-right font-medium whitespace-nowrap text-zinc-500"
                >
                  {extra.label}
                </th>
              ))}
              <th scope="col" className="h-9 w-20 px-3 pr-4 text-right font-medium text-zinc-500">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          ))}
        </thead>
        <tbody className="max-sm:block">
          {list.loading ? (
            <tr className={MESSAGE_ROW}>
              <td colSpan={colSpan} className={`h-48 text-center ${MESSAGE_CELL}`}>
                <Spinner className="mx-auto size-6" />
              </td>
            </tr>
          ) : list.rows.length === 0 ? (
            <tr className={MESSAGE_ROW}>
              <td colSpan={colSpan} className={`h-48 text-center text-zinc-500 ${MESSAGE_CELL}`} data-testid="empty">
                {list.error ?? EMPTY_LIST_TEXT}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => {
              const doc = row.original;
              const deleted = Boolean(doc._deletedAt);
              const shown = card.details.filter((field) => !blank(fieldValue(doc, field)));
              return (
                <tr
                  key={row.id}
                  data-id={doc._id}
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest('a,button') || window.getSelection()?.toString()) return;
                    navigate(list.showLink(doc));
                  }}
                  className={`cursor-pointer border-b border-zinc-100 last:border-0 hover:bg-zinc-50 ${CARD_ROW} ${deleted ? 'text-zinc-500 line-through' : 'text-zinc-800'}`}
                >
                  {row.getAllCells().map((cell) => {
                    const spec = specs.get(cell.column.id)!;
                    return (
                      <td
                        key={cell.id}
                        className={`h-10 px-3 whitespace-nowrap sm:first:pl-4 ${ALIGN[spec.align]} ${spec.align === 'right' ? 'tabular-nums' : ''} ${cardCell(spec, shown)}`}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                  {extraColumns.map((extra) => (
                    <td
                      key={extra.id}
                      data-column={extra.id}
                      className="h-10 px-3 text-right whitespace-nowrap tabular-nums max-sm:hidden"
                    >
                      {extra.cell(doc)}
                    </td>
                  ))}
                  <td className="h-10 px-2 pr-3 text-right whitespace-nowrap max-sm:order-3 max-sm:h-8 max-sm:px-0">
                    <DocumentLinks model={list.model} doc={doc} compact />
                    <a
                      href={list.showLink(doc)}
                      onClick={(event) => {
                        event.preventDefault();
                        navigate(list.showLink(doc));
                      }}
                      aria-label="Show"
                      title="Show"
                      className="inline-flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
                    >
                      <Eye className="size-4" />
                    </a>
                    {!deleted && list.canDelete(doc) && (
                      <button
                        type="button"
                        aria-label="Delete"
                        title="Delete (shift-click skips the question)"
                        onClick={(event) => onDelete(event, doc)}
                        className="inline-flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-red-50 hover:text-red-600"
                      >
                        <Trash2 className="size-4" />
                      </button>
                    )}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {list.fetching && !list.loading && (
        <div
          className="pointer-events-none absolute inset-x-0 top-9 flex justify-center pt-16"
          data-testid="list-spinner"
        >
          <span className="rounded-full bg-white p-2 shadow-md ring-1 ring-zinc-200">
            <Spinner />
          </span>
        </div>
      )}
    </TableFrame>
  );
}
