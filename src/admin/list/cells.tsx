import { Check, Minus, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { SECRETS_SET } from '../../shared/api/documents';
import type { FieldInfo } from '../../shared/registry';
import { formatDate, formatMoney, formatPaymentReference, formatTimestamp } from '../../shared/format';
import { INVOICE_STATUS_COLOR, invoiceDisplayStatus, type InvoiceStatus } from '../../shared/rules/invoiceStatus';
import type { CellKind, ColumnSpec } from '../core/list/columns';
import { secretStatus } from '../form/widgets/secretStatus';
import { relationLabel } from './relationLabel';
import type { Doc } from '../core/data/types';

type CellRenderer = (value: unknown, field: FieldInfo, doc: Doc, column: ColumnSpec) => ReactNode;

const empty = <span className="text-zinc-300">–</span>;

export function enumLabel(value: unknown, field: FieldInfo): string {
  const index = field.enumValues?.indexOf(value) ?? -1;
  return index >= 0 && field.enumLabels?.[index] ? field.enumLabels[index] : String(value);
}

const BADGE = {
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
} as const;

function Badge({ color, children }: { color: keyof typeof BADGE; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE[color]}`}
    >
      {children}
    </span>
  );
}

const STATUS_TEXT = { overdue: 'Overdue', pending: 'Pending', paid: 'Paid' } as const;

/** One renderer per cell kind; the map must be complete (a new kind fails to compile until it has one). */
export const CELLS = {
  text: (value) =>
    value === undefined || value === null || value === '' ? (
      empty
    ) : (
      <span className="block max-w-80 truncate" title={String(value)}>
        {String(value)}
      </span>
    ),
  // Integers are numbers and ids (invoice 1042), not amounts: no grouping.
  number: (value) =>
    typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toLocaleString('de-CH')) : empty,
  money: (value, field) => (typeof value === 'number' ? formatMoney(value, field.currency) : empty),
  date: (value) => (typeof value === 'string' && value ? formatDate(value) : empty),
  datetime: (value) => (typeof value === 'string' && value ? formatTimestamp(value) : empty),
  boolean: (value) =>
    value === true ? (
      <Check aria-label="yes" className="mx-auto size-4 text-emerald-600" />
    ) : (
      <Minus aria-label="no" className="mx-auto size-4 text-zinc-300" />
    ),
  enum: (value, field) => (value === undefined || value === null ? empty : enumLabel(value, field)),
  relation: (value, field, _doc, column) => {
    const values = (Array.isArray(value) ? value : [value])
      .map((item) => relationLabel(item, field, column.related))
      .filter(Boolean);
    if (!values.length) return empty;
    // A long client name is cut like a long text, or it pushes the amounts and row actions out of view.
    if (!field.relation?.many)
      return (
        <span className="block max-w-80 truncate" title={values[0]}>
          {values[0]}
        </span>
      );
    return (
      <span className="flex flex-wrap gap-1">
        {values.map((label, index) => (
          <span key={index} className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700">
            {label}
          </span>
        ))}
      </span>
    );
  },
  list: (value, field) =>
    Array.isArray(value) && value.length ? (
      <span className="block max-w-80 truncate">
        {value.map((item) => (typeof item === 'object' ? '…' : enumLabel(item, field))).join(', ')}
      </span>
    ) : (
      empty
    ),
  object: (value) =>
    value && typeof value === 'object' ? (
      <span className="text-zinc-500">
        {Object.values(value)
          .filter((v) => typeof v !== 'object')
          .join(', ') || '…'}
      </span>
    ) : (
      empty
    ),
  // Whether the secret is set, as the server says (`_secretsSet`); nothing when it does not say (x-roles).
  secret: (_value, field, doc, column) => {
    const set = doc[SECRETS_SET]?.[field.name];
    if (set === undefined) return empty;
    if (set) return <span className="text-zinc-500">Set</span>;
    const status = secretStatus(set, field.label, column.modelTitle);
    return (
      <Badge color="yellow">
        <span className="inline-flex items-center gap-1" title={status?.text} data-secret="unset">
          <TriangleAlert aria-hidden className="size-3.5" />
          Not set
        </span>
      </Badge>
    );
  },
  invoiceStatus: (value, field, doc) => {
    if (typeof value !== 'string') return empty;
    const status = invoiceDisplayStatus({
      status: value as InvoiceStatus,
      date: typeof doc.date === 'string' ? doc.date : undefined,
    });
    return (
      <Badge color={INVOICE_STATUS_COLOR[status]}>
        <span data-status={status} title={enumLabel(value, field)}>
          {STATUS_TEXT[status]}
        </span>
      </Badge>
    );
  },
  paymentReference: (value) =>
    typeof value === 'string' && value !== '' ? (
      <span className="tabular-nums whitespace-nowrap">{formatPaymentReference(value)}</span>
    ) : (
      empty
    ),
} as const satisfies Record<CellKind, CellRenderer>;

export function renderCell(column: ColumnSpec, value: unknown, doc: Doc): ReactNode {
  return (CELLS[column.kind] as CellRenderer)(value, column.info, doc, column);
}
