import { FUTURE_START_LEEWAY_MS, MAX_ENTRY_HOURS } from './constants';

const HOUR_MS = 3_600_000;

export type TimeInput = Date | string | number;

export const TRACKED_TIME_MULTIPLIERS = [
  { value: 1, label: 'Normal' },
  { value: 1.2, label: 'Okay' },
  { value: 1.5, label: 'Nervig' },
  { value: 1.54, label: '65€ to 100€' },
  { value: 1.846, label: '65€ to 120€' },
  { value: 2, label: 'Ätzend' },
] as const;

export interface TrackedTimeSpan {
  start: TimeInput;
  end?: TimeInput | null;
}

function toMs(input: TimeInput): number {
  return input instanceof Date ? input.getTime() : typeof input === 'number' ? input : Date.parse(input);
}

/**
 * Hours from start to end; a running entry (no end) counts up to `now`.
 * Unreadable times and negative spans give 0.
 */
export function durationHours(start: TimeInput, end?: TimeInput | null, now: number = Date.now()): number {
  const from = toMs(start);
  const to = end === undefined || end === null || end === '' ? now : toMs(end);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return 0;
  return (to - from) / HOUR_MS;
}

// A millionth of a quarter hour: absorbs float noise such as 0.7500000000000001 without billing it.
const NOISE = 1e-6;

/** Rounds up to the next quarter hour: 1.01 -> 1.25, 0.75 -> 0.75, 0 -> 0. Negative gives 0. */
export function roundUpToQuarterHours(hours: number): number {
  if (!Number.isFinite(hours) || hours <= 0) return 0;
  return Math.ceil(hours * 4 - NOISE) / 4;
}

/** Sum of the entries' durations, each rounded up to quarter hours before adding. */
export function totalTrackedHours(entries: readonly TrackedTimeSpan[], now: number = Date.now()): number {
  return entries.reduce((sum, entry) => sum + roundUpToQuarterHours(durationHours(entry.start, entry.end, now)), 0);
}

/** Why a running entry may not keep a start: it lies in the future (what the server answers, and the screen says at the field). */
export const FUTURE_START_MESSAGE = 'Start is in the future: a running entry starts now or earlier';

/**
 * Whether `start` lies too far in the future for a running entry (one without an end): later than
 * `now` plus the clocks' leeway. A finished entry may lie anywhere (typed in ahead of time).
 */
export function startsInFuture(start: TimeInput, now: number, leewayMs: number = FUTURE_START_LEEWAY_MS): boolean {
  const from = toMs(start);
  return Number.isFinite(from) && from > now + leewayMs;
}

/** Why an entry's end may not lie before its start (what the server answers, and the screen says at the field). */
export const END_BEFORE_START_MESSAGE = 'End must not be before the start';
/** The same, said of a Start typed past the End: at the Start, about the Start. */
export const START_AFTER_END_MESSAGE = 'Start must not be after the end';

/** Which of Start and End a person changed: a refusal of the span speaks of that one. */
export type SpanField = 'start' | 'end';

/**
 * Whether an entry's span cannot be stored: its end lies before its start. A running entry (no end) and
 * unreadable times are not this rule's to refuse.
 */
export function endsBeforeStart(start: TimeInput, end: TimeInput | null | undefined): boolean {
  if (end === undefined || end === null || end === '') return false;
  const from = toMs(start);
  const to = toMs(end);
  return Number.isFinite(from) && Number.isFinite(to) && to < from;
}

/** An entry's hours as the server stores them (to a millionth: no float noise past the limit). */
export const storedHours = (start: TimeInput, end: TimeInput) => Math.round(durationHours(start, end) * 1e6) / 1e6;

/** Why an entry may not last `hours` (what the server answers, and the screen says at the field). */
export function tooLongMessage(hours: number): string {
  const shown = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(hours);
  return `An entry may last at most ${MAX_ENTRY_HOURS} h, this one would last ${shown} h: check its start and end`;
}

/**
 * Why a finished entry's span cannot be stored (its end before its start, or longer than MAX_ENTRY_HOURS), or
 * undefined when it can; `changed` is the field the person changed, which the message speaks of. A running
 * entry (no end) has no span to refuse.
 */
export function spanRefusal(
  start: TimeInput,
  end: TimeInput | null | undefined,
  changed: SpanField = 'end',
): string | undefined {
  if (end === undefined || end === null || end === '') return undefined;
  if (endsBeforeStart(start, end)) return changed === 'start' ? START_AFTER_END_MESSAGE : END_BEFORE_START_MESSAGE;
  const hours = storedHours(start, end);
  return hours > MAX_ENTRY_HOURS ? tooLongMessage(hours) : undefined;
}

/**
 * Where Stop ends a running entry: `now`, or the bound the server accepts instead: `limit` when it ran
 * longer than MAX_ENTRY_HOURS, `start` when its start still lies ahead (an end before the start is refused).
 */
export interface StopAt {
  end: string;
  at: 'now' | 'limit' | 'start';
}

/**
 * The end Stop gives a running entry: now, or for a timer left running longer than an entry may last
 * (the server refuses that end), the latest end it accepts, start + MAX_ENTRY_HOURS; for one whose start
 * lies ahead of now (stored before future starts were refused, or by a clock running ahead), its start,
 * the earliest end accepted (0 h). Stopping must always succeed: a user whose timer ran over the weekend
 * is otherwise stuck with it (as in Toggl or Clockify, the stop is kept and the End is corrected afterwards).
 */
export function stopAt(start: TimeInput, now: number, maxHours: number = MAX_ENTRY_HOURS): StopAt {
  const from = toMs(start);
  if (!Number.isFinite(from)) return { end: new Date(now).toISOString(), at: 'now' };
  const limit = from + maxHours * HOUR_MS;
  if (now > limit) return { end: new Date(limit).toISOString(), at: 'limit' };
  if (now < from) return { end: new Date(from).toISOString(), at: 'start' };
  return { end: new Date(now).toISOString(), at: 'now' };
}
