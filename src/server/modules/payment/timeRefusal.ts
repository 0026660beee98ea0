import { HttpError } from '../../errors';

/** The entry whose link failed: its place (`entry 2 of 5`) and its invoice line (name; date · who). */
export interface FailedEntry {
  place: string;
  line: { name: string; description: string };
}

/**
 * The refusal of "Create invoice" as a whole (nothing was written) for the write that failed, with its
 * status: the invoice itself (no entry), or the link of one entry, named as its invoice line would show it.
 * A conflict on an entry means it was changed after the invoice was made of it (its line would be stale).
 */
export function timeRefusal(entry: FailedEntry | undefined, error: HttpError): HttpError {
  if (!entry) return new HttpError(error.status, `Nothing was invoiced: the invoice was refused: ${error.message}`);
  const what = `${entry.place} (${[entry.line.name, entry.line.description].filter(Boolean).join(', ')})`;
  const why =
    error.status === 409
      ? 'was changed meanwhile; create the invoice again to bill it as it is now'
      : `was refused: ${error.message}`;
  return new HttpError(error.status, `Nothing was invoiced: ${what} ${why}`);
}
