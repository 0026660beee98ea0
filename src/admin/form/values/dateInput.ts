import { entryProblem, type EntryKind } from '../../../shared/format/dateEntry';

/** The kind of entry a field's JSON Schema `format` asks for. */
const KIND_OF_FORMAT: Record<string, EntryKind> = { date: 'date', 'date-time': 'datetime', time: 'time' };

/**
 * What the date, date-time and time fields hold that cannot be stored (text typed that could not be
 * read), by field name, in words: shown under each field and refused by SAVE before anything is sent.
 */
export function dateEntryErrors(
  fields: readonly { name: string; format?: string; readOnly?: boolean }[],
  data: Record<string, unknown> | undefined,
): Record<string, string> | undefined {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const kind = field.format === undefined ? undefined : KIND_OF_FORMAT[field.format];
    const problem = kind && !field.readOnly ? entryProblem(data?.[field.name], kind) : undefined;
    if (problem) errors[field.name] = problem;
  }
  return Object.keys(errors).length ? errors : undefined;
}
