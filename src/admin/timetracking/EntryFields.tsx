import { useState, type ReactNode } from 'react';
import { entryChange, entryMessage } from '../../shared/format/dateEntry';
import { DateField } from '../../site/ui/DateField';
import { useSaveOnLeave } from '../core/edit/useSaveOnLeave';
import type { RequestOptions } from '../core/data/types';

// The fields of a tracked-time entry (EntryRow): their looks, the label shown on phones, Start and End.

/** A save made as the page is hidden or closed: the browser must not cancel it with the page. */
export const OUTLIVES_PAGE: RequestOptions = { keepalive: true };

const base =
  'h-8 w-full min-w-0 rounded-md border px-2.5 text-[13px] shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none';
export const control = `${base} border-zinc-300 bg-white text-zinc-800`;
/** A field of a billed entry: read-only, greyed. */
export const lockedControl = `${base} border-zinc-200 bg-zinc-50 text-zinc-600`;
/** The Start or End of a timer stopped at a bound, until it is corrected or the notice dismissed. */
export const flaggedControl = `${base} border-amber-400 bg-amber-50 text-zinc-800 ring-2 ring-amber-400/30`;
/** How a Start or End is typed. */
const ENTRY_EXAMPLE = 'a time and date, e.g. 14:30 06.07.2024';
/** A field whose value was refused. */
export const invalidControl = `${base} border-red-400 bg-white text-zinc-800 ring-2 ring-red-400/20`;

/** Label shown above a field on phones; on wider screens the column header names it. */
export function Field({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <label className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <span className="text-[11px] font-medium text-zinc-500 xl:sr-only">{label}</span>
      {children}
    </label>
  );
}

export function DateTimeField({
  id,
  label,
  value,
  readOnly,
  flagged,
  error,
  onSave,
}: {
  /** The entry's id: names the error message the field points to. */
  id: string;
  label: string;
  value: string | null | undefined;
  readOnly?: boolean;
  flagged?: boolean;
  /** Why the value last typed here was refused (the field shows the stored one again once left). */
  error?: string;
  onSave(iso: string, options?: RequestOptions): void;
}) {
  // Text typed and not yet read (Enter, or the field left), as the Name's: a time and date is saved when the page
  // is hidden or left, and a reload or close asks while what is typed differs from the stored value, also when it
  // is no time and date yet (nothing is saved then).
  const [typed, setTyped] = useState<string | null>(null);
  const unsaved = typed !== null && !readOnly && entryChange(typed, value, 'datetime') ? typed : undefined;
  useSaveOnLeave(unsaved, (text) => {
    const read = entryChange(text, value, 'datetime');
    if (read?.ok && read.value !== undefined) onSave(read.value, OUTLIVES_PAGE);
  });
  // Text typed here that could not be read: said at the field like a refusal, and nothing is saved.
  const [unread, setUnread] = useState<string>();
  const shownError = unread ?? error;
  const errorId = `${id}-${label.toLowerCase()}-error`;
  const look = readOnly ? lockedControl : shownError ? invalidControl : flagged ? flaggedControl : control;
  const inputId = `${id}-${label.toLowerCase()}`;
  // Labelled by `for`, not by wrapping: the calendar button beside the text is no part of the label.
  return (
    <div className="flex min-w-0 flex-col gap-1 max-sm:col-span-2">
      <label htmlFor={inputId} className="text-[11px] font-medium text-zinc-500 xl:sr-only">
        {label}
      </label>
      <DateField
        kind="datetime"
        id={inputId}
        aria-label={label}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
        className={`${look} pr-9 tabular-nums`}
        value={value ?? undefined}
        readOnly={readOnly}
        onDraft={setTyped}
        onChange={(iso, read) => {
          // Spec section 4: field edits save on change, which for typed text is when it is complete (Enter, or
          // the field left). Text that is no time and date, or none (an emptied End would make the entry run
          // again), is no change.
          if (!read.ok) setUnread(entryMessage(read, 'datetime'));
          else if (iso === undefined) setUnread(`${label} cannot be emptied: type ${ENTRY_EXAMPLE}`);
          else {
            setUnread(undefined);
            onSave(iso);
          }
        }}
      />
      {shownError && (
        <span
          id={errorId}
          className="text-[11px] leading-snug text-red-600"
          data-testid={`${label.toLowerCase()}-error`}
        >
          {shownError}
        </span>
      )}
    </div>
  );
}
