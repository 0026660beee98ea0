import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { entryProblem, isStoredEntry } from '../../shared/format/dateEntry';
import { formatMoney } from '../../shared/format/money';
import { DateField } from '../../site/ui/DateField';
import { DialogShell } from '../files/DialogShell';
import { formatHours } from '../timetracking/days';
import { Button } from '../ui/Button';
import { useAdmin } from '../core/AdminContext';
import { Spinner } from '../ui/Spinner';
import { businessDay, currentMonth, previousMonth, untilToday, type Period } from './period';
import { useInvoiceFromTime, type InvoiceFromTimeController } from './useInvoiceFromTime';

export const fieldClass =
  'h-8 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-[13px] text-zinc-800 shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none';
const invalidFieldClass = fieldClass.replace('border-zinc-300', 'border-red-400 ring-2 ring-red-400/20');
const labelClass = 'mb-1 block text-[13px] font-medium text-zinc-700';
const FORM_ID = 'invoice-from-time-form';

const PRESETS: { label: string; period(today: string): Period }[] = [
  { label: 'Last month', period: previousMonth },
  { label: 'This month', period: currentMonth },
  { label: 'All until today', period: untilToday },
];

function Preview({
  invoice,
  clientHref,
  onClose,
}: {
  invoice: InvoiceFromTimeController;
  clientHref?: string;
  onClose(): void;
}) {
  const { preview, problem, missingRate } = invoice;
  if (problem) return <p className="text-[13px] text-zinc-500">{problem}.</p>;
  if (!preview)
    return (
      <p className="flex items-center gap-2 text-[13px] text-zinc-500">
        <Spinner className="size-4" /> Counting the time to invoice…
      </p>
    );
  if (preview.entries === 0)
    return (
      <p data-testid="invoice-preview" className="text-[13px] text-zinc-600">
        Nothing left to invoice: no finished, not yet invoiced time in this period.
      </p>
    );
  return (
    <div data-testid="invoice-preview" className="text-[13px] text-zinc-700">
      <p>
        <span className="font-medium tabular-nums">{preview.entries}</span>{' '}
        {preview.entries === 1 ? 'entry' : 'entries'} not yet invoiced ·{' '}
        <span className="font-medium tabular-nums">{formatHours(preview.hours)}</span>
        {preview.amount !== undefined && (
          <>
            {' '}
            · about <span className="font-medium tabular-nums">{formatMoney(preview.amount)}</span> net
          </>
        )}
      </p>
      {preview.overlaps.length > 0 && (
        <p className="mt-1 text-xs text-amber-700" data-testid="invoice-overlaps">
          {preview.overlaps.length === 1 ? '2 entries overlap' : `${preview.overlaps.length} pairs of entries overlap`}
          {': '}
          {preview.overlaps.map((overlap) => overlap.text).join(', ')} — this time would be billed twice.
        </p>
      )}
      {missingRate && (
        <p className="mt-1 text-xs text-amber-700" data-testid="invoice-no-rate">
          This client has no hourly rate yet: set it on{' '}
          {clientHref ? (
            // The dialog closes: on the client's own page it would stay open over the field to fill.
            <Link to={clientHref} onClick={onClose} className="font-medium underline underline-offset-2">
              the client&apos;s page
            </Link>
          ) : (
            "the client's page"
          )}{' '}
          (Hourly rate) and save, then create the invoice.
        </p>
      )}
    </div>
  );
}

/** A day of the period, typed as 06.07.2024 or picked; text that cannot be read is named under it. */
function PeriodDay({
  name,
  label,
  value,
  min,
  max,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange(value: string): void;
}) {
  const id = useId();
  // Said once the field is left: while it is typed into, the dialog keeps its height (and its buttons their place).
  const [editing, setEditing] = useState(false);
  // The period keeps such text, so it cannot be sent (periodProblem) until the day is corrected.
  const problem = editing ? undefined : entryProblem(value, 'date');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs text-zinc-500">
        {label}
      </label>
      <DateField
        kind="date"
        id={id}
        name={name}
        value={value}
        min={isStoredEntry(min, 'date') ? min : undefined}
        max={isStoredEntry(max, 'date') ? max : undefined}
        onChange={(day) => onChange(day ?? '')}
        onEdit={() => setEditing(true)}
        onBlur={() => setEditing(false)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        className={`${problem ? invalidFieldClass : fieldClass} pr-9 tabular-nums`}
      />
      {problem && (
        <p id={`${id}-error`} className="mt-1 text-[11px] leading-snug text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The dialog of "Create invoice": client, period, what it holds; creating opens the new (open) invoice.
 * `clientRoute`: where clients open (`/_/clients`), for the link of a client without an hourly rate.
 */
export function InvoiceFromTimeView({
  invoice,
  onClose,
  clientRoute,
}: {
  invoice: InvoiceFromTimeController;
  onClose(): void;
  clientRoute?: string;
}) {
  const today = businessDay(Date.now());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void invoice.submit();
  };
  return (
    <DialogShell
      open
      onClose={onClose}
      title="Create invoice"
      description="Turns the client's finished, not yet invoiced tracked time into an open invoice."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            type="submit"
            form={FORM_ID}
            disabled={
              invoice.problem !== undefined || invoice.busy || invoice.missingRate || invoice.preview?.entries === 0
            }
          >
            {invoice.busy && <Spinner className="size-4" />}
            Create invoice
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} className="space-y-4 px-5 py-4">
        <label className="block">
          <span className={labelClass}>
            Client <span className="text-red-600">*</span>
          </span>
          <select
            name="client"
            value={invoice.client}
            onChange={(event) => invoice.setClient(event.target.value)}
            className={`${fieldClass} pr-7`}
            disabled={invoice.clientsLoading}
          >
            <option value="">Choose a client…</option>
            {invoice.clients.map((client) => (
              <option key={client.value} value={client.value}>
                {client.label}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend className={labelClass}>Period</legend>
          <div className="grid grid-cols-2 gap-3">
            <PeriodDay
              name="from"
              label="From"
              value={invoice.period.from}
              max={invoice.period.to}
              onChange={(from) => invoice.setPeriod({ ...invoice.period, from })}
            />
            <PeriodDay
              name="to"
              label="To"
              value={invoice.period.to}
              min={invoice.period.from}
              onChange={(to) => invoice.setPeriod({ ...invoice.period, to })}
            />
          </div>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {PRESETS.map((preset) => {
              const period = preset.period(today);
              const active = period.from === invoice.period.from && period.to === invoice.period.to;
              return (
                <button
                  key={preset.label}
                  type="button"
                  aria-pressed={active}
                  onClick={() => invoice.setPeriod(period)}
                  className={`h-7 rounded-md border px-2.5 text-xs font-medium ${active ? 'border-accent-600 bg-accent-50 text-accent-700' : 'border-zinc-200 text-zinc-600 hover:bg-zinc-50'}`}
                >
                  {preset.label}
                </button>
              );
            })}
          </div>
        </fieldset>
        <div className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2.5">
          <Preview
            invoice={invoice}
            clientHref={clientRoute && invoice.client ? `${clientRoute}/${invoice.client}` : undefined}
            onClose={onClose}
          />
        </div>
        {invoice.error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-[13px] text-red-700">
            {invoice.error}
          </p>
        )}
      </form>
    </DialogShell>
  );
}

/** "Create invoice" for a client (preselected when given); mount it while it is open. */
export function InvoiceFromTimeDialog({ client, onClose }: { client?: string; onClose(): void }) {
  const { registry } = useAdmin();
  return (
    <InvoiceFromTimeView
      invoice={useInvoiceFromTime(client)}
      onClose={onClose}
      clientRoute={registry.model('client')?.route}
    />
  );
}
