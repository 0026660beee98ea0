/** Milliseconds in one day. */
export const DAY_MS = 86_400_000;

/** Zone used when none is given, so output does not depend on the machine's TZ. */
export const DEFAULT_TIME_ZONE = 'Europe/Zurich';

export type DateInput = Date | string | number;

export interface DateFormatOptions {
  timeZone?: string;
}

export interface TimeFormatOptions extends DateFormatOptions {
  seconds?: boolean;
}

interface DateParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  second: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Parses the input; null when it does not describe a valid point in time. */
export function toDate(input: DateInput): Date | null {
  if (typeof input === 'string' && input.trim() === '') return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The wall-clock parts of an instant in the zone (two digits each, the year four); null for invalid input. */
export function partsOf(input: DateInput, timeZone = DEFAULT_TIME_ZONE): DateParts | null {
  const date = toDate(input);
  if (!date) return null;
  const parts: DateParts = { day: '', month: '', year: '', hour: '', minute: '', second: '' };
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof DateParts] = part.value;
  }
  // Years below 1000 come back unpadded.
  parts.year = parts.year.padStart(4, '0');
  return parts;
}

/** "DD.MM.YYYY"; invalid input gives "". */
export function formatDate(input: DateInput, options: DateFormatOptions = {}): string {
  const p = partsOf(input, options.timeZone);
  return p ? `${p.day}.${p.month}.${p.year}` : '';
}

/** "HH:MM", or "HH:MM:SS" with `seconds`; invalid input gives "". */
export function formatTime(input: DateInput, options: TimeFormatOptions = {}): string {
  const p = partsOf(input, options.timeZone);
  if (!p) return '';
  return options.seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
}

/** Time followed by date: "HH:MM DD.MM.YYYY"; invalid input gives "". */
export function formatTimestamp(input: DateInput, options: TimeFormatOptions = {}): string {
  const time = formatTime(input, options);
  return time ? `${time} ${formatDate(input, options)}` : '';
}
