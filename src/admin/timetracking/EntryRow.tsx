import { ReceiptText, Square, Trash2 } from 'lucide-react';
import { MAX_ENTRY_HOURS, TRACKED_TIME } from '../../shared/rules/constants';
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { durationHours, roundUpToQuarterHours, TRACKED_TIME_MULTIPLIERS } from '../../shared/rules/trackedTime';
import { useSaveOnLeave } from '../core/edit/useSaveOnLeave';
import { IconButton } from '../ui/Button';
import { formatClock, formatHours } from './days';
import { control, DateTimeField, Field, lockedControl, OUTLIVES_PAGE } from './EntryFields';
import { billedOn, type EntryPatch, type TrackedEntry } from './useTimeTrackingController';
import type { RequestOptions } from '../core/data/types';

/** The columns of the list (the page's header row uses the same). */
// Name and Client share the room left: a client's full name ("Münsterhügel Architektur AG") shows at 1440.
export const ENTRY_COLUMNS = 'xl:grid-cols-[minmax(10rem,1.25fr)_minmax(15rem,1fr)_9rem_13.5rem_13.5rem_12.5rem]';

/**
 * A text value edited locally while the field has focus, so the every-second refresh never
 * overwrites what is being typed; outside the field the stored value shows.
 */
function useFocusDraft(stored: string) {
  const [draft, setDraft] = useState<string | null>(null);
  return {
    value: draft ?? stored,
    editing: draft !== null,
    begin: () => setDraft(stored),
    set: setDraft,
    end: () => setDraft(null),
  };
}

/** One tracked-time entry: client, multiplier, name, start and end, the live duration, stop and delete. */
export function EntryRow({
  entry,
  now,
  clients,
  otherClients = {},
  invoiceRoute = '/_/invoices',
  toCorrect,
  fieldError,
  onUpdate,
  onStop,
  onDelete,
}: {
  entry: TrackedEntry;
  now: number;
  clients: { value: string; label: string }[];
  /** Names of clients not among `clients` (a deleted one), by id. */
  otherClients?: Record<string, string>;
  /** Where a billed entry's invoice opens. */
  invoiceRoute?: string;
  /** Stop ended this entry at a bound: this field is marked for the user to check. */
  toCorrect?: 'start' | 'end';
  /** A refused Start or End of this entry, said at that field. */
  fieldError?: { field: 'start' | 'end'; message: string };
  /** `keepalive`: the save outlives the page (made as it is hidden or closed). */
  onUpdate(patch: EntryPatch, options?: RequestOptions): void;
  onStop(): void;
  onDelete(event: MouseEvent): void;
}) {
  const running = !entry.end;
  const hours = durationHours(entry.start, entry.end, now);
  // A timer left running past the limit: Stop will end it at start + MAX_ENTRY_HOURS, and says so beforehand.
  const overLimit = running && hours > MAX_ENTRY_HOURS;
  // One whose start lies ahead (stored before such starts were refused) ends at its start. `now` may be
  // a tick old: a timer started this second is not ahead.
  const ahead = running && Date.parse(entry.start) > now + TRACKED_TIME.refreshMs;
  const stopLabel = overLimit
    ? `Stop at the ${MAX_ENTRY_HOURS} h limit (running for more than ${MAX_ENTRY_HOURS} h)`
    : ahead
      ? 'Stop at its start (its Start is in the future)'
      : 'Stop';
  const warn = overLimit || ahead;
  const name = useFocusDraft(entry.name ?? '');
  // A name typed but not yet saved (the field still has focus): saved when the page is hidden or left; a reload
  // or close asks until it is stored.
  const unsavedName = name.editing && name.value !== (entry.name ?? '') ? name.value : undefined;
  useSaveOnLeave(unsavedName, (text) => onUpdate({ name: text }, OUTLIVES_PAGE));
  const knownClient = !entry.client || clients.some((client) => client.value === entry.client);
  const clientName = entry.client
    ? (clients.find((client) => client.value === entry.client)?.label ?? otherClients[entry.client])
    : undefined;
  // Billed on an invoice: the server refuses changes and the delete, so the row offers none.
  const invoice = billedOn(entry);
  const billed = invoice !== undefined;
  const invoiceLabel = `Invoice ${invoice?.id ?? ''}`.trim();
  const lockedHint = billed ? `Billed on ${invoiceLabel.toLowerCase()}: delete the invoice to change this entry` : '';
  return (
    <li
      data-id={entry._id}
      data-running={running}
      data-billed={billed}
      className={`grid grid-cols-2 gap-x-3 gap-y-2 border-b border-zinc-100 px-4 py-3 last:border-0 md:grid-cols-4 ${ENTRY_COLUMNS} ${fieldError ? 'xl:items-start' : 'xl:items-center'} xl:py-2 ${running ? 'bg-accent-50/60 shadow-[inset_3px_0_0_var(--color-accent-600)]' : 'hover:bg-zinc-50'}`}
    >
      <Field label="Name" className="col-span-2 xl:col-span-1">
        <input
          type="text"
          aria-label="Name"
          placeholder="What are you working on?"
          maxLength={500}
          className={billed ? lockedControl : control}
          readOnly={billed}
          title={lockedHint || undefined}
          value={name.value}
          onFocus={name.begin}
          onChange={(event) => name.set(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
          onBlur={() => {
            // Spec section 4: the name saves on blur while it has focus.
            if (name.editing && name.value !== (entry.name ?? '')) onUpdate({ name: name.value });
            name.end();
          }}
        />
      </Field>
      <Field label="Client" className="max-sm:col-span-2">
        <select
          aria-label="Client"
          className={`${billed ? lockedControl : control} pr-7`}
          disabled={billed}
          title={lockedHint || clientName}
          value={entry.client ?? ''}
          onChange={(event) => onUpdate({ client: event.target.value || null })}
        >
          <option value="">No client</option>
          {!knownClient && <option value={entry.client}>{otherClients[entry.client!] ?? entry.client}</option>}
          {clients.map((client) => (
            <option key={client.value} value={client.value}>
              {client.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Multiplier" className="max-sm:col-span-2">
        <select
          aria-label="Multiplier"
          className={`${billed ? lockedControl : control} pr-7`}
          disabled={billed}
          title={lockedHint || undefined}
          value={String(entry.multiplier ?? 1)}
          onChange={(event) => onUpdate({ multiplier: Number(event.target.value) })}
        >
          {TRACKED_TIME_MULTIPLIERS.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <DateTimeField
        id={entry._id}
        label="Start"
        value={entry.start}
        readOnly={billed}
        flagged={toCorrect === 'start'}
        error={fieldError?.field === 'start' ? fieldError.message : undefined}
        onSave={(start, options) => onUpdate({ start }, options)}
      />
      <DateTimeField
        id={entry._id}
        label="End"
        value={entry.end}
        readOnly={billed}
        flagged={toCorrect === 'end'}
        error={fieldError?.field === 'end' ? fieldError.message : undefined}
        onSave={(end, options) => onUpdate({ end }, options)}
      />
      <div className="col-span-2 flex items-center justify-end gap-1 md:self-end xl:col-span-1 xl:self-auto">
        <div className="mr-auto flex flex-col leading-tight xl:mr-1 xl:ml-auto xl:items-end">
          <span
            className={`text-[13px] font-medium tabular-nums ${warn ? 'text-amber-700' : running ? 'text-accent-700' : 'text-zinc-800'}`}
            title={warn ? stopLabel : undefined}
            data-testid="duration"
          >
            {running && (
              <span
                className={`mr-1.5 inline-block size-1.5 animate-pulse rounded-full align-middle ${warn ? 'bg-amber-500' : 'bg-accent-600'}`}
              />
            )}
            {formatClock(hours)}
          </span>
          {overLimit ? (
            <span className="text-[11px] font-medium text-amber-700" data-testid="over-limit">
              over {MAX_ENTRY_HOURS} h
            </span>
          ) : ahead ? (
            <span className="text-[11px] font-medium text-amber-700" data-testid="starts-ahead">
              starts later
            </span>
          ) : (
            <span className="text-[11px] text-zinc-500 tabular-nums" data-testid="rounded">
              {formatHours(roundUpToQuarterHours(hours))}
            </span>
          )}
        </div>
        {billed && (
          <Link
            to={`${invoiceRoute}/${invoice._id}`}
            title={lockedHint}
            data-testid="billed"
            className="inline-flex h-6 shrink-0 items-center gap-1 rounded-full border border-emerald-200 bg-emerald-50 px-2 text-[11px] font-medium whitespace-nowrap text-emerald-700 hover:bg-emerald-100"
          >
            <ReceiptText aria-hidden className="size-3" />
            {invoiceLabel}
          </Link>
        )}
        {/* Only a running entry can be stopped: a finished one shows no (disabled) stop button. */}
        {running ? (
          // Named "Stop" on phones and tablets; on wide screens the icon alone, in the spacer's width.
          <button
            type="button"
            aria-label={stopLabel}
            title={stopLabel}
            onClick={onStop}
            data-testid="stop"
            className={`inline-flex h-8 shrink-0 items-center justify-center gap-1.5 rounded-md border bg-white px-3 text-[13px] font-medium shadow-xs transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 xl:w-8 xl:px-0 ${warn ? 'border-amber-300 text-amber-700 hover:bg-amber-50' : 'border-red-200 text-red-600 hover:bg-red-50'}`}
          >
            <Square aria-hidden className="size-3" fill="currentColor" />
            <span className="xl:hidden">Stop</span>
          </button>
        ) : (
          !billed && <span aria-hidden className="size-8 shrink-0" />
        )}
        <IconButton
          label={billed ? lockedHint : 'Delete'}
          onClick={onDelete}
          disabled={billed}
          className="hover:bg-red-50 hover:text-red-600 disabled:opacity-30 disabled:hover:bg-transparent disabled:hover:text-zinc-500"
        >
          <Trash2 className="size-4" />
        </IconButton>
      </div>
    </li>
  );
}
