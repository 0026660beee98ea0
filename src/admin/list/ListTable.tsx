import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Trash2 } from 'lucide-react';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { fieldValue } from '../../shared/registry';
import { EMPTY_LIST_TEXT } from '../../shared/rules/constants';
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

  return (
    <TableFrame className="relative">
      <table className="w-full border-collapse text-sm" aria-busy={list.fetching}>
        <thead className={`${STICKY_HEAD} bg-zinc-50`}>
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
        <tbody>
          {list.loading ? (
            <tr>
              <td colSpan={colSpan} className="h-48 text-center">
                <Spinner className="mx-auto size-6" />
              </td>
            </tr>
          ) : list.rows.length === 0 ? (
            <tr>
              <td colSpan={colSpan} className="h-48 text-center text-zinc-500" data-testid="empty">
                {list.error ?? EMPTY_LIST_TEXT}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => {
              const doc = row.original;
              const deleted = Boolean(doc._deletedAt);
              return (
                <tr
                  key={row.id}
                  data-id={doc._id}
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest('a,button') || window.getSelection()?.toString()) return;
                    navigate(list.showLink(doc));
                  }}
                  className={`cursor-pointer border-b border-zinc-100 last:border-0 hover:bg-zinc-50 ${deleted ? 'text-zinc-400 line-through' : 'text-zinc-800'}`}
                >
                  {row.getAllCells().map((cell) => {
                    const spec = specs.get(cell.column.id)!;
                    return (
                      <td
                        key={cell.id}
                        className={`h-10 px-3 whitespace-nowrap first:pl-4 ${ALIGN[spec.align]} ${spec.align === 'right' ? 'tabular-nums' : ''}`}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                  {extraColumns.map((extra) => (
                    <td
                      key={extra.id}
                      data-column={extra.id}
                      className="h-10 px-3 text-right whitespace-nowrap tabular-nums"
                    >
                      {extra.cell(doc)}
                    </td>
                  ))}
                  <td className="h-10 px-2 pr-3 text-right whitespace-nowrap">
                    <DocumentLinks model={list.model} doc={doc} compact />
                    <a
                      href={list.showLink(doc)}
                      onClick={(event) => {
                        event.preventDefault();
                        navigate(list.showLink(doc));
                      }}
                      aria-label="Show"
                      title="Show"
                      className="inline-flex size-7 items-center justify-center rounded-md text-zinc-400 hover:bg-zinc-100 hover:text-zinc-900"
                    >
                      <Eye className="size-4" />
                    </a>
                    {!deleted && list.canDelete(doc) && (
                      <button
                        type="button"
                        aria-label="Delete"
                        title="Delete (shift-click skips the question)"
                        onClick={(event) => onDelete(event, doc)}
                        className="inline-flex size-7 items-center justify-center rounded-md text-zinc-400 hover:bg-red-50 hover:text-red-600"
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
