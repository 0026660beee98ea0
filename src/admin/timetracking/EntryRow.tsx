import { Square, Trash2 } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { dateTimeToInput, inputToDateTime } from '../form/values/dateInput';
import { durationHours, roundUpToQuarterHours, TRACKED_TIME_MULTIPLIERS } from '../../shared/rules/trackedTime';
import { IconButton } from '../ui/Button';
import { formatClock, formatHours } from './days';
import type { EntryPatch, TrackedEntry } from './useTimeTrackingController';

const control =
  'h-8 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2.5 text-[13px] text-zinc-800 shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none';

/** Label shown above a field on phones; on wider screens the column header names it. */
function Field({ label, className = '', children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <label className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <span className="text-[11px] font-medium text-zinc-500 xl:sr-only">{label}</span>
      {children}
    </label>
  );
}

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

function DateTimeField({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string | null | undefined;
  onSave(iso: string | null): void;
}) {
  const draft = useFocusDraft(dateTimeToInput(value ?? ''));
  return (
    <Field label={label} className="max-sm:col-span-2">
      <input
        type="datetime-local"
        aria-label={label}
        className={`${control} tabular-nums`}
        value={draft.value}
        onFocus={draft.begin}
        onBlur={draft.end}
        onChange={(event) => {
          draft.set(event.target.value);
          const iso = inputToDateTime(event.target.value);
          // Spec section 4: field edits save on change; a cleared end makes the entry run again.
          if (iso) onSave(iso);
          else if (event.target.value === '' && label === 'End') onSave(null);
        }}
      />
    </Field>
  );
}

/** One tracked-time entry: client, multiplier, name, start and end, the live duration, stop and delete. */
export function EntryRow({
  entry,
  now,
  clients,
  otherClients = {},
  onUpdate,
  onStop,
  onDelete,
}: {
  entry: TrackedEntry;
  now: number;
  clients: { value: string; label: string }[];
  /** Names of clients not among `clients` (a deleted one), by id. */
  otherClients?: Record<string, string>;
  onUpdate(patch: EntryPatch): void;
  onStop(): void;
  onDelete(event: MouseEvent): void;
}) {
  const running = !entry.end;
  const hours = durationHours(entry.start, entry.end, now);
  const name = useFocusDraft(entry.name ?? '');
  const knownClient = !entry.client || clients.some((client) => client.value === entry.client);
  return (
    <li
      data-id={entry._id}
      data-running={running}
      className={`grid grid-cols-2 gap-x-3 gap-y-2 border-b border-zinc-100 px-4 py-3 last:border-0 md:grid-cols-4 xl:grid-cols-[minmax(10rem,1fr)_12rem_9rem_13.5rem_13.5rem_10.5rem] xl:items-center xl:py-2 ${running ? 'bg-accent-50/60 shadow-[inset_3px_0_0_var(--color-accent-600)]' : 'hover:bg-zinc-50'}`}
    >
      <Field label="Name" className="col-span-2 xl:col-span-1">
        <input
          type="text"
          aria-label="Name"
          placeholder="What are you working on?"
          maxLength={500}
          className={control}
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
      <Field label="Client">
        <select
          aria-label="Client"
          className={`${control} pr-7`}
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
      <Field label="Multiplier">
        <select
          aria-label="Multiplier"
          className={`${control} pr-7`}
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
      <DateTimeField label="Start" value={entry.start} onSave={(start) => start && onUpdate({ start })} />
      <DateTimeField label="End" value={entry.end} onSave={(end) => onUpdate({ end })} />
      <div className="col-span-2 flex items-center justify-end gap-1 md:self-end xl:col-span-1 xl:self-auto">
        <div className="mr-auto flex flex-col leading-tight xl:mr-1 xl:ml-auto xl:items-end">
          <span
            className={`text-[13px] font-medium tabular-nums ${running ? 'text-accent-700' : 'text-zinc-800'}`}
            data-testid="duration"
          >
            {running && (
              <span className="mr-1.5 inline-block size-1.5 animate-pulse rounded-full bg-accent-600 align-middle" />
            )}
            {formatClock(hours)}
          </span>
          <span className="text-[11px] text-zinc-500 tabular-nums" data-testid="rounded">
            {formatHours(roundUpToQuarterHours(hours))}
          </span>
        </div>
        <IconButton
          label="Stop"
          onClick={onStop}
          disabled={!running}
          className="disabled:opacity-30 disabled:hover:bg-transparent"
        >
          <Square className="size-4" fill={running ? 'currentColor' : 'none'} />
        </IconButton>
        <IconButton label="Delete" onClick={onDelete} className="hover:bg-red-50 hover:text-red-600">
          <Trash2 className="size-4" />
        </IconButton>
      </div>
    </li>
  );
}
