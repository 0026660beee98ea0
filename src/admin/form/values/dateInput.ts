/** The value of `<input type="date">` for a stored date ("YYYY-MM-DD", or a timestamp cut to its day). */
export function dateToInput(value: unknown): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}

/** What a date field stores: "YYYY-MM-DD", or undefined when cleared. */
export function inputToDate(text: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of `<input type="datetime-local">` (local time of the browser) for a stored ISO timestamp. */
export function dateTimeToInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a date-time field stores: the ISO timestamp of the local time typed, or undefined when cleared. */
export function inputToDateTime(text: string): string | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
