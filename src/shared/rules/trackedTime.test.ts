import { describe, it, expect } from 'vitest';
import { FUTURE_START_LEEWAY_MS, MAX_ENTRY_HOURS } from './constants';
import {
  TRACKED_TIME_MULTIPLIERS,
  durationHours,
  END_BEFORE_START_MESSAGE,
  endsBeforeStart,
  roundUpToQuarterHours,
  spanRefusal,
  startsInFuture,
  stopAt,
  totalTrackedHours,
} from './trackedTime';

const start = '2024-05-01T08:00:00.000Z';
const t0 = Date.parse(start);
const HOUR = 3_600_000;

describe('durationHours', () => {
  it('measures start to end in hours', () => {
    expect(durationHours(start, '2024-05-01T09:30:00.000Z')).toBe(1.5);
    expect(durationHours(new Date(t0), t0 + 45 * 60_000)).toBe(0.75);
  });

  it('runs up to now when there is no end', () => {
    expect(durationHours(start, undefined, t0 + 2 * HOUR)).toBe(2);
    expect(durationHours(start, null, t0 + HOUR)).toBe(1);
    expect(durationHours(start, '', t0 + HOUR)).toBe(1);
  });

  it('gives 0 for reversed or unreadable spans', () => {
    expect(durationHours(start, t0 - HOUR)).toBe(0);
    expect(durationHours('nonsense', t0)).toBe(0);
    expect(durationHours(start, 'later')).toBe(0);
  });
});

describe('roundUpToQuarterHours', () => {
  it('rounds up to the next quarter', () => {
    expect(roundUpToQuarterHours(1.01)).toBe(1.25);
    expect(roundUpToQuarterHours(0.01)).toBe(0.25);
    expect(roundUpToQuarterHours(1.26)).toBe(1.5);
  });

  it('keeps exact quarters and zero', () => {
    expect(roundUpToQuarterHours(0)).toBe(0);
    expect(roundUpToQuarterHours(0.75)).toBe(0.75);
    expect(roundUpToQuarterHours(2)).toBe(2);
  });

  it('ignores float noise', () => {
    expect(roundUpToQuarterHours(1.1 - 0.35)).toBe(0.75); // 0.7500000000000001
    expect(roundUpToQuarterHours(0.1 * 3 * 2.5)).toBe(0.75); // 0.7500000000000001
    expect(roundUpToQuarterHours(0.7500000000000001)).toBe(0.75);
  });

  it('still bills one real second over a quarter', () => {
    expect(roundUpToQuarterHours(0.75 + 1 / 3600)).toBe(1);
  });

  it('treats negative and non-finite as 0', () => {
    expect(roundUpToQuarterHours(-1)).toBe(0);
    expect(roundUpToQuarterHours(Number.NaN)).toBe(0);
  });
});

describe('totalTrackedHours', () => {
  it('rounds each entry before summing', () => {
    const entries = [
      { start, end: t0 + 10 * 60_000 }, // 10 min -> 0.25
      { start, end: t0 + 10 * 60_000 }, // 10 min -> 0.25
      { start }, // running, 1 h at now
    ];
    expect(totalTrackedHours(entries, t0 + HOUR)).toBe(1.5);
    expect(totalTrackedHours([])).toBe(0);
  });
});

describe('TRACKED_TIME_MULTIPLIERS', () => {
  it('lists the six options in order', () => {
    expect(TRACKED_TIME_MULTIPLIERS.map((o) => o.value)).toEqual([1, 1.2, 1.5, 1.54, 1.846, 2]);
    expect(TRACKED_TIME_MULTIPLIERS.map((o) => o.label)).toEqual([
      'Normal',
      'Okay',
      'Nervig',
      '65€ to 100€',
      '65€ to 120€',
      'Ätzend',
    ]);
  });
});

describe('stopAt', () => {
  it('ends a running entry now while it is within the limit, the limit itself included', () => {
    expect(stopAt(start, t0 + 2 * HOUR)).toEqual({ end: new Date(t0 + 2 * HOUR).toISOString(), at: 'now' });
    expect(stopAt(start, t0 + MAX_ENTRY_HOURS * HOUR)).toEqual({
      end: new Date(t0 + MAX_ENTRY_HOURS * HOUR).toISOString(),
      at: 'now',
    });
  });

  it('ends a timer left running longer than an entry may last at the limit, which the server accepts', () => {
    const stopped = stopAt(start, t0 + 30 * HOUR);
    expect(stopped).toEqual({ end: '2024-05-02T08:00:00.000Z', at: 'limit' });
    expect(durationHours(start, stopped.end)).toBe(MAX_ENTRY_HOURS);
    expect(stopAt(start, t0 + 2 * HOUR, 1)).toEqual({ end: '2024-05-01T09:00:00.000Z', at: 'limit' });
  });

  it('ends an entry whose start still lies ahead at its start (0 h), the earliest end the server accepts', () => {
    const stopped = stopAt(start, t0 - 3 * HOUR);
    expect(stopped).toEqual({ end: start, at: 'start' });
    expect(durationHours(start, stopped.end)).toBe(0);
    expect(stopAt(start, t0)).toEqual({ end: start, at: 'now' });
  });

  it('ends an entry with an unreadable start now (the server names the problem)', () => {
    expect(stopAt('nonsense', t0)).toEqual({ end: start, at: 'now' });
  });
});

describe('startsInFuture', () => {
  it('refuses a start later than now plus the clocks’ leeway, and nothing up to it', () => {
    expect(startsInFuture(start, t0 - 2 * HOUR)).toBe(true);
    expect(startsInFuture(start, t0 - FUTURE_START_LEEWAY_MS - 1)).toBe(true);
    expect(startsInFuture(start, t0 - FUTURE_START_LEEWAY_MS)).toBe(false);
    expect(startsInFuture(start, t0 + HOUR)).toBe(false);
    expect(startsInFuture(new Date(t0), t0 - 1, 0)).toBe(true);
  });

  it('leaves an unreadable start to the schema', () => {
    expect(startsInFuture('nonsense', t0)).toBe(false);
  });
});

describe('endsBeforeStart', () => {
  it('refuses an end before the start, not one at or after it', () => {
    expect(endsBeforeStart(start, t0 - 60_000)).toBe(true);
    expect(endsBeforeStart(start, '2024-04-30T23:00:00.000Z')).toBe(true);
    expect(endsBeforeStart(start, start)).toBe(false);
    expect(endsBeforeStart(start, t0 + HOUR)).toBe(false);
  });

  it('leaves running entries and unreadable times alone', () => {
    expect(endsBeforeStart(start, null)).toBe(false);
    expect(endsBeforeStart(start, undefined)).toBe(false);
    expect(endsBeforeStart(start, '')).toBe(false);
    expect(endsBeforeStart('nonsense', t0)).toBe(false);
  });
});

describe('spanRefusal', () => {
  it('says why a finished span cannot be stored: before its start, or longer than an entry may last', () => {
    expect(spanRefusal(start, t0 - 60_000)).toBe(END_BEFORE_START_MESSAGE);
    // Said about the field the person typed: a Start typed past the End is the Start's problem.
    expect(spanRefusal(start, t0 - 60_000, 'end')).toBe('End must not be before the start');
    expect(spanRefusal(start, t0 - 60_000, 'start')).toBe('Start must not be after the end');
    expect(spanRefusal(start, t0 + 41.45 * HOUR)).toBe(
      'An entry may last at most 24 h, this one would last 41,45 h: check its start and end',
    );
  });

  it('takes a span up to the limit and a running entry', () => {
    expect(spanRefusal(start, t0 + MAX_ENTRY_HOURS * HOUR)).toBeUndefined();
    expect(spanRefusal(start, t0 + 2.75 * HOUR)).toBeUndefined();
    expect(spanRefusal(start, null)).toBeUndefined();
  });
});
