/**
 * Dates and times as people type them (spec section 9: day.month.year, hours:minutes, a timestamp is the
 * time followed by the date), read into what the fields store: a day as YYYY-MM-DD, a point in time as
 * the ISO timestamp of the browser's local time, a time of day as HH:MM. Pure: `now` and the field's
 * current value come in as arguments.
 */

/** What a field holds: a day, a point in time, or a time of day. */
export type EntryKind = 'date' | 'datetime' | 'time';

export type EntryLanguage = 'en' | 'de';

export type EntryProblem =
  /** Not a date or time at all ("tomorrow", "6/7/2024"). */
  | { type: 'unreadable' }
  /** Begun but not finished: a part is missing or too short ("6.", "6.7.2", "14:3", a date without its time). */
  | { type: 'incomplete'; missing: 'date' | 'year' | 'time' | 'minutes' }
  /** A day its month does not have (31.02.2026, 00.07.2024). */
  | { type: 'noDay'; day: number; month: number; year: number }
  /** A month above 12 or 0. */
  | { type: 'noMonth'; month: number }
  /** An hour above 23, a minute or second above 59. */
  | { type: 'noTime'; part: 'hours' | 'minutes' | 'seconds'; time: string }
  /** A local time the clocks skip (the night summer time begins). */
  | { type: 'skipped'; text: string };

export type EntryResult =
  /** `value`: what the field stores; undefined when the text is empty (the field is cleared). */
  { ok: true; value: string | undefined } | { ok: false; text: string; problem: EntryProblem };

export interface EntryContext {
  /** Today, for "6.7." (this year) and two-digit years; default: now. */
  now?: Date;
  /**
   * The field's current value (a point in time): the time alone ("9:15") keeps its day, the date alone
   * ("5.7.") keeps its time. Without one the time alone means today, and a date alone lacks its time.
   */
  base?: unknown;
}

interface Day {
  year: number;
  month: number;
  day: number;
}
interface Clock {
  hours: number;
  minutes: number;
  seconds: number;
}

type Step<T> = { ok: true; value: T } | { ok: false; problem: EntryProblem };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const fail = (problem: EntryProblem) => ({ ok: false, problem }) as const;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const dayText = ({ year, month, day }: Day) => `${pad(day)}.${pad(month)}.${pad(year, 4)}`;
const clockText = ({ hours, minutes }: Clock) => `${pad(hours)}:${pad(minutes)}`;
const isoDay = ({ year, month, day }: Day) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** A two-digit year in the century that brings it nearest to this year (24 → 2024, 85 → 1985 in 2026). */
function fullYear(twoDigits: number, now: Date): number {
  const thisYear = now.getFullYear();
  let year = Math.floor(thisYear / 100) * 100 + twoDigits;
  if (year > thisYear + 50) year -= 100;
  else if (year <= thisYear - 50) year += 100;
  return year;
}

function checkDay(day: Day): Step<Day> {
  if (day.month < 1 || day.month > 12) return fail({ type: 'noMonth', month: day.month });
  if (day.day < 1 || day.day > daysIn(day.year, day.month)) return fail({ type: 'noDay', ...day });
  return { ok: true, value: day };
}

/**
 * A day: 6.7.2024, 06.07.24, 6.7. or 6.7 (this year), 060724 or 06072024, or ISO 2024-07-06.
 * A comma stands for a dot (the decimal key of a phone's number pad).
 */
function readDay(text: string, now: Date): Step<Day> {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return checkDay({ year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) });
  if (/^\d+$/.test(text)) {
    if (text.length <= 2) return fail({ type: 'incomplete', missing: 'date' });
    if (text.length !== 6 && text.length !== 8) return fail({ type: 'unreadable' });
    const year = Number(text.slice(4));
    return checkDay({
      day: Number(text.slice(0, 2)),
      month: Number(text.slice(2, 4)),
      year: text.length === 6 ? fullYear(year, now) : year,
    });
  }
  const parts = text.split(/[.,]/);
  if (parts.length > 3 || parts.some((part, i) => !/^\d{0,4}$/.test(part) || (i < 2 && part.length > 2)))
    return fail({ type: 'unreadable' });
  const [day = '', month = '', year = ''] = parts;
  if (day === '') return fail({ type: 'unreadable' });
  if (month === '') return fail({ type: 'incomplete', missing: 'date' });
  if (year.length === 1 || year.length === 3) return fail({ type: 'incomplete', missing: 'year' });
  return checkDay({
    day: Number(day),
    month: Number(month),
    year: year === '' ? now.getFullYear() : year.length === 2 ? fullYear(Number(year), now) : Number(year),
  });
}

/** A time of day: 14:30, 9:05, 14:30:15; for a time field alone also 14.30, 1430 and 9 (09:00). */
function readClock(text: string, alone: boolean): Step<Clock> {
  let match = /^(\d{1,2})(?::(\d{0,2})(?::(\d{0,2}))?)?$/.exec(text);
  if (alone) match ??= /^(\d{1,2})(?:\.(\d{0,2}))?$/.exec(text) ?? /^(\d{1,2})(\d{2})$/.exec(text);
  if (!match || (!alone && !text.includes(':'))) return fail({ type: 'unreadable' });
  const [, h, m = alone ? '00' : '', s] = match;
  if (m.length < 2 || (s !== undefined && s.length < 2)) return fail({ type: 'incomplete', missing: 'minutes' });
  const clock = { hours: Number(h), minutes: Number(m), seconds: s === undefined ? 0 : Number(s) };
  const time = `${pad(clock.hours)}:${m}${s === undefined ? '' : `:${s}`}`;
  if (clock.hours > 23) return fail({ type: 'noTime', part: 'hours', time });
  if (clock.minutes > 59) return fail({ type: 'noTime', part: 'minutes', time });
  if (clock.seconds > 59) return fail({ type: 'noTime', part: 'seconds', time });
  return { ok: true, value: clock };
}

/** The local day and time of an ISO timestamp (the field's current value), if it is one. */
function localParts(value: unknown): { day: Day; clock: Clock } | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  return {
    day: { year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate() },
    clock: { hours: at.getHours(), minutes: at.getMinutes(), seconds: at.getSeconds() },
  };
}

/** The ISO timestamp of a local day and time; a time the clocks skip (summer time) has none. */
function localInstant(day: Day, clock: Clock): Step<string> {
  const at = new Date(day.year, day.month - 1, day.day, clock.hours, clock.minutes, clock.seconds);
  at.setFullYear(day.year); // years below 100 would otherwise be read as 19xx
  if (at.getHours() !== clock.hours || at.getMinutes() !== clock.minutes || at.getDate() !== day.day)
    return fail({ type: 'skipped', text: `${clockText(clock)} ${dayText(day)}` });
  return { ok: true, value: at.toISOString() };
}

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/i;

/** A point in time: 14:30 06.07.2024 (either order), the time alone, the date alone, or ISO. */
function readInstant(text: string, { now = new Date(), base }: EntryContext): Step<string> {
  const iso = ISO_INSTANT.exec(text);
  if (iso) {
    const day = readDay(iso[1], now);
    const clock = readClock(iso[2].split('.')[0], false);
    if (!day.ok) return day;
    if (!clock.ok) return clock;
    if (!iso[3]) return localInstant(day.value, clock.value);
    const at = new Date(`${iso[1]}T${iso[2]}${iso[3].toUpperCase()}`);
    return Number.isNaN(at.getTime()) ? fail({ type: 'unreadable' }) : { ok: true, value: at.toISOString() };
  }
  const tokens = text.replace(/,(\s)/g, '$1').split(/\s+/);
  if (tokens.length > 2) return fail({ type: 'unreadable' });
  const clockAt = tokens.findIndex((token) => token.includes(':'));
  if (tokens.length === 2 && (clockAt < 0 || tokens[1 - clockAt].includes(':'))) return fail({ type: 'unreadable' });
  const current = localParts(base);
  const clock: Step<Clock> =
    clockAt >= 0
      ? readClock(tokens[clockAt], false)
      : current
        ? { ok: true, value: { ...current.clock, seconds: 0 } }
        : fail({ type: 'incomplete', missing: 'time' });
  const dayToken = tokens.length === 2 ? tokens[1 - clockAt] : clockAt < 0 ? tokens[0] : undefined;
  const day: Step<Day> =
    dayToken !== undefined
      ? readDay(dayToken, now)
      : {
          ok: true,
          value: current?.day ?? { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() },
        };
  // What is wrong with the date is said first: a date alone with no time is only incomplete once it is a date.
  if (!day.ok) return day;
  if (!clock.ok) return clock;
  return localInstant(day.value, clock.value);
}

/** Reads what was typed into a field of the kind; empty text clears the field. */
export function parseEntry(text: string, kind: EntryKind, context: EntryContext = {}): EntryResult {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return { ok: true, value: undefined };
  const step: Step<string> =
    kind === 'date'
      ? mapStep(readDay(trimmed, context.now ?? new Date()), isoDay)
      : kind === 'time'
        ? mapStep(readClock(trimmed, true), clockText)
        : readInstant(trimmed, context);
  return step.ok ? { ok: true, value: step.value } : { ok: false, text: trimmed, problem: step.problem };
}

function mapStep<T>(step: Step<T>, map: (value: T) => string): Step<string> {
  return step.ok ? { ok: true, value: map(step.value) } : step;
}

/**
 * The text a field shows for what it holds: 06.07.2024, 14:30 06.07.2024 (local time), 14:30; text that
 * was typed and could not be read (the field keeps it so it can be corrected) as it is; nothing as ''.
 */
export function entryText(value: unknown, kind: EntryKind): string {
  if (typeof value !== 'string') return '';
  if (kind === 'date') {
    const day = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
    return day ? `${day[3]}.${day[2]}.${day[1]}` : value;
  }
  if (kind === 'time') return /^\d{2}:\d{2}(:\d{2})?$/.test(value) ? value.slice(0, 5) : value;
  const local = localParts(value);
  return local ? `${clockText(local.clock)} ${dayText(local.day)}` : value;
}

/**
 * What text typed into a field that holds `value` changes: nothing (undefined) for the text the field shows
 * or the same value typed another way (6.7.24 for 06.07.2024), else its reading: the value to store, or why
 * the text cannot be stored.
 */
export function entryChange(
  text: string,
  value: unknown,
  kind: EntryKind,
  context: Omit<EntryContext, 'base'> = {},
): EntryResult | undefined {
  if (text.trim().replace(/\s+/g, ' ') === entryText(value, kind)) return undefined;
  const read = parseEntry(text, kind, { ...context, base: value });
  return read.ok && read.value === (value ?? undefined) ? undefined : read;
}

/** What the field holds is a stored value (or nothing), not text typed that could not be read. */
export function isStoredEntry(value: unknown, kind: EntryKind): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value !== 'string') return false;
  if (kind === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(value) && parseEntry(value, 'date').ok;
  if (kind === 'time') return /^\d{2}:\d{2}(:\d{2})?$/.test(value) && parseEntry(value, 'time').ok;
  return localParts(value) !== undefined;
}

/** The picker's value (`<input type="date">` / `datetime-local`) for what the field holds; '' when none. */
export function pickerValue(value: unknown, kind: EntryKind): string {
  if (!isStoredEntry(value, kind) || typeof value !== 'string') return '';
  if (kind !== 'datetime') return value;
  const local = localParts(value)!;
  return `${isoDay(local.day)}T${clockText(local.clock)}`;
}

/** What the field stores for a value its picker gave. */
export function fromPicker(text: string, kind: EntryKind): string | undefined {
  if (text === '') return undefined;
  const read = parseEntry(kind === 'datetime' ? text.replace('T', ' ') : text, kind);
  return read.ok ? read.value : undefined;
}

const MONTHS: Record<EntryLanguage, string[]> = {
  en: 'January February March April May June July August September October November December'.split(' '),
  de: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
};

/** How a field of the kind is typed, and an example. */
const PATTERN: Record<EntryLanguage, Record<EntryKind, [pattern: string, example: string]>> = {
  en: {
    date: ['day.month.year', '06.07.2024'],
    datetime: ['hours:minutes day.month.year', '14:30 06.07.2024'],
    time: ['hours:minutes', '14:30'],
  },
  de: {
    date: ['Tag.Monat.Jahr', '06.07.2024'],
    datetime: ['Stunden:Minuten Tag.Monat.Jahr', '14:30 06.07.2024'],
    time: ['Stunden:Minuten', '14:30'],
  },
};

/** The pattern a field of the kind shows while empty. */
export const ENTRY_PLACEHOLDER: Record<EntryLanguage, Record<EntryKind, string>> = {
  en: { date: 'dd.mm.yyyy', datetime: 'hh:mm dd.mm.yyyy', time: 'hh:mm' },
  de: { date: 'TT.MM.JJJJ', datetime: 'hh:mm TT.MM.JJJJ', time: 'hh:mm' },
};

const WHAT: Record<EntryLanguage, Record<EntryKind, string>> = {
  en: { date: 'a date', datetime: 'a time and date', time: 'a time' },
  de: { date: 'kein gültiges Datum', datetime: 'kein gültiger Zeitpunkt', time: 'keine gültige Uhrzeit' },
};

/** Which pattern says how to finish what is missing. */
function patternFor(problem: EntryProblem, kind: EntryKind): EntryKind {
  if (problem.type !== 'incomplete') return kind;
  return problem.missing === 'minutes' ? 'time' : problem.missing === 'time' ? 'datetime' : 'date';
}

/** The example of a date-time that lacks its time, on the date typed when it is one. */
const withTime = (text: string) => `14:30 ${/^\d{2}\.\d{2}\.\d{4}$/.test(text) ? text : '06.07.2024'}`;

/** Why the text cannot be stored, in English (the admin). */
function englishMessage({ text, problem }: { text: string; problem: EntryProblem }, kind: EntryKind): string {
  const [pattern, example] = PATTERN.en[patternFor(problem, kind)];
  switch (problem.type) {
    case 'unreadable':
      return `“${text}” is not ${WHAT.en[kind]}: type ${pattern}, e.g. ${example}`;
    case 'incomplete':
      if (problem.missing === 'time') return `“${text}” needs a time too, e.g. ${withTime(text)}`;
      return `“${text}” is incomplete: type ${pattern}, e.g. ${example}`;
    case 'noDay':
      return problem.day < 1
        ? `There is no ${dayText(problem)}: days start at 1`
        : `There is no ${dayText(problem)}: ${MONTHS.en[problem.month - 1]} ${problem.year} has ${daysIn(problem.year, problem.month)} days`;
    case 'noMonth':
      return `There is no month ${problem.month}: months go from 1 to 12`;
    case 'noTime':
      return `There is no ${problem.time}: ${problem.part} go up to ${problem.part === 'hours' ? 23 : 59}`;
    case 'skipped':
      return `There is no ${problem.text} here: the clocks were put forward an hour that night`;
  }
}

/** Why the text cannot be stored, in German (the public site), led by the field's label. */
function germanMessage(
  { text, problem }: { text: string; problem: EntryProblem },
  kind: EntryKind,
  label: string,
): string {
  const [pattern, example] = PATTERN.de[patternFor(problem, kind)];
  const field = `Feld ${label}`;
  switch (problem.type) {
    case 'unreadable':
      return `${field} ist ${WHAT.de[kind]}: bitte als ${pattern} eingeben, z. B. ${example}`;
    case 'incomplete':
      if (problem.missing === 'time') return `${field} braucht auch eine Uhrzeit, z. B. ${withTime(text)}`;
      return `${field} ist unvollständig: bitte als ${pattern} eingeben, z. B. ${example}`;
    case 'noDay':
      return problem.day < 1
        ? `${field}: Den ${dayText(problem)} gibt es nicht, die Tage beginnen bei 1`
        : `${field}: Den ${dayText(problem)} gibt es nicht, der ${MONTHS.de[problem.month - 1]} ${problem.year} hat ${daysIn(problem.year, problem.month)} Tage`;
    case 'noMonth':
      return `${field}: Einen Monat ${problem.month} gibt es nicht, das Jahr hat 12 Monate`;
    case 'noTime':
      return `${field}: Die Uhrzeit ${problem.time} gibt es nicht`;
    case 'skipped':
      return `${field}: ${problem.text} gibt es hier nicht, in dieser Nacht wird die Uhr vorgestellt`;
  }
}

/**
 * Why the text typed into a field of the kind cannot be stored, in words (`label` leads the German
 * message, as the public forms' messages do: 'Feld Wunschtermin: …').
 */
export function entryMessage(
  failure: { text: string; problem: EntryProblem },
  kind: EntryKind,
  language: EntryLanguage = 'en',
  label = '',
): string {
  return language === 'de' ? germanMessage(failure, kind, label) : englishMessage(failure, kind);
}

/**
 * Why what a field holds cannot be stored (text typed that could not be read), or undefined when it
 * holds a stored value or nothing.
 */
export function entryProblem(
  value: unknown,
  kind: EntryKind,
  language: EntryLanguage = 'en',
  label = '',
): string | undefined {
  if (isStoredEntry(value, kind)) return undefined;
  if (typeof value !== 'string')
    return language === 'de' ? `Feld ${label} ist ${WHAT.de[kind]}` : `is not ${WHAT.en[kind]}`;
  const read = parseEntry(value, kind);
  return read.ok ? undefined : entryMessage(read, kind, language, label);
}
