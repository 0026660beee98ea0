import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entryChange,
  entryMessage,
  entryProblem,
  entryText,
  fromPicker,
  parseEntry,
  pickerValue,
  type EntryKind,
} from './dateEntry';

// 10:00 on 15 March 2026, local time.
const now = new Date(2026, 2, 15, 10, 0);
const local = (...parts: [number, number, number, number, number, number?]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5] ?? 0).toISOString();

const value = (text: string, kind: EntryKind = 'date', base?: string) => {
  const read = parseEntry(text, kind, { now, base });
  return read.ok ? read.value : `refused: ${entryMessage(read, kind)}`;
};
const message = (text: string, kind: EntryKind = 'date', base?: string) => {
  const read = parseEntry(text, kind, { now, base });
  return read.ok ? `accepted: ${read.value}` : entryMessage(read, kind);
};

describe('a day as typed', () => {
  it.each([
    ['6.7.2024', '2024-07-06'],
    ['06.07.2024', '2024-07-06'],
    ['06.07.24', '2024-07-06'],
    ['6.7.24', '2024-07-06'],
    ['6.7.', '2026-07-06'],
    ['6.7', '2026-07-06'],
    ['  6.7.2024 ', '2024-07-06'],
    ['6,7,2024', '2024-07-06'],
    ['060724', '2024-07-06'],
    ['06072024', '2024-07-06'],
    ['2024-07-06', '2024-07-06'],
    ['29.02.2024', '2024-02-29'],
    ['31.12.1999', '1999-12-31'],
    // A two-digit year in the century nearest to this year (2026).
    ['1.1.76', '2076-01-01'],
    ['1.1.77', '1977-01-01'],
    ['', undefined],
    ['   ', undefined],
  ])('%s -> %s', (text, stored) => expect(value(text)).toBe(stored));

  it.each([
    ['31.02.2026', 'There is no 31.02.2026: February 2026 has 28 days'],
    ['29.2.2025', 'There is no 29.02.2025: February 2025 has 28 days'],
    ['31.4.24', 'There is no 31.04.2024: April 2024 has 30 days'],
    ['0.7.2024', 'There is no 00.07.2024: days start at 1'],
    ['2024-02-30', 'There is no 30.02.2024: February 2024 has 29 days'],
    ['6.13.2024', 'There is no month 13: months go from 1 to 12'],
    ['6.0.2024', 'There is no month 0: months go from 1 to 12'],
    ['320724', 'There is no 32.07.2024: July 2024 has 31 days'],
  ])('%s is impossible: %s', (text, words) => expect(message(text)).toBe(words));

  it.each([
    ['6', '“6” is incomplete: type day.month.year, e.g. 06.07.2024'],
    ['6.', '“6.” is incomplete: type day.month.year, e.g. 06.07.2024'],
    ['6.7.2', '“6.7.2” is incomplete: type day.month.year, e.g. 06.07.2024'],
    ['6.7.202', '“6.7.202” is incomplete: type day.month.year, e.g. 06.07.2024'],
  ])('%s is incomplete', (text, words) => expect(message(text)).toBe(words));

  it.each(['tomorrow', '07/06/2024', '6.7.2024.', '.7.2024', '123.4.2024', '6.7.20245', '0607', '14:30'])(
    '%s is no date',
    (text) => expect(message(text)).toBe(`“${text}” is not a date: type day.month.year, e.g. 06.07.2024`),
  );
});

describe('a point in time as typed (local time)', () => {
  const base = local(2024, 7, 6, 9, 15);
  it.each([
    ['14:30 06.07.2024', local(2024, 7, 6, 14, 30)],
    ['14:30 6.7.24', local(2024, 7, 6, 14, 30)],
    ['06.07.2024 14:30', local(2024, 7, 6, 14, 30)],
    ['06.07.2024, 14:30', local(2024, 7, 6, 14, 30)],
    ['9:05 6.7.', local(2026, 7, 6, 9, 5)],
    ['14:30:15 06.07.2024', local(2024, 7, 6, 14, 30, 15)],
    ['2024-07-06T14:30', local(2024, 7, 6, 14, 30)],
    ['2024-07-06 14:30:15', local(2024, 7, 6, 14, 30, 15)],
    ['2024-07-06T12:30:00.000Z', '2024-07-06T12:30:00.000Z'],
    ['2024-07-06T14:30:00+02:00', '2024-07-06T12:30:00.000Z'],
    // Without a value yet, the time alone is today.
    ['14:30', local(2026, 3, 15, 14, 30)],
    ['', undefined],
  ])('%s -> %s', (text, stored) => expect(value(text, 'datetime')).toBe(stored));

  it('keeps the day of the current value when only the time is typed, and its time when only the date is', () => {
    expect(value('17:45', 'datetime', base)).toBe(local(2024, 7, 6, 17, 45));
    expect(value('5.7.', 'datetime', base)).toBe(local(2026, 7, 5, 9, 15));
    expect(value('05.07.2024', 'datetime', base)).toBe(local(2024, 7, 5, 9, 15));
  });

  it.each([
    ['06.07.2024', '“06.07.2024” needs a time too, e.g. 14:30 06.07.2024'],
    ['6.7.', '“6.7.” needs a time too, e.g. 14:30 06.07.2024'],
    ['14:3 06.07.2024', '“14:3 06.07.2024” is incomplete: type hours:minutes, e.g. 14:30'],
    ['14: 06.07.2024', '“14: 06.07.2024” is incomplete: type hours:minutes, e.g. 14:30'],
    ['14:30 6.7.2', '“14:30 6.7.2” is incomplete: type day.month.year, e.g. 06.07.2024'],
    ['14:30 31.02.2026', 'There is no 31.02.2026: February 2026 has 28 days'],
    ['25:00 06.07.2024', 'There is no 25:00: hours go up to 23'],
    ['14:75 06.07.2024', 'There is no 14:75: minutes go up to 59'],
    ['14:30 15:00', '“14:30 15:00” is not a time and date: type hours:minutes day.month.year, e.g. 14:30 06.07.2024'],
    ['now', '“now” is not a time and date: type hours:minutes day.month.year, e.g. 14:30 06.07.2024'],
    [
      '14:30 06.07.2024 x',
      '“14:30 06.07.2024 x” is not a time and date: type hours:minutes day.month.year, e.g. 14:30 06.07.2024',
    ],
  ])('%s is refused: %s', (text, words) => expect(message(text, 'datetime')).toBe(words));

  describe('in a zone with summer time', () => {
    const zone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'Europe/Zurich';
    });
    afterAll(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    it('refuses a time the clocks skip, and takes the hours around it', () => {
      expect(message('02:30 31.03.2024', 'datetime')).toBe(
        'There is no 02:30 31.03.2024 here: the clocks were put forward an hour that night',
      );
      expect(value('01:59 31.03.2024', 'datetime')).toBe('2024-03-31T00:59:00.000Z');
      expect(value('03:00 31.03.2024', 'datetime')).toBe('2024-03-31T01:00:00.000Z');
      expect(entryText('2024-03-31T01:00:00.000Z', 'datetime')).toBe('03:00 31.03.2024');
    });
  });
});

describe('a time of day as typed', () => {
  it.each([
    ['14:30', '14:30'],
    ['9:05', '09:05'],
    ['14.30', '14:30'],
    ['1430', '14:30'],
    ['930', '09:30'],
    ['9', '09:00'],
    ['14:30:15', '14:30'],
    ['', undefined],
  ])('%s -> %s', (text, stored) => expect(value(text, 'time')).toBe(stored));

  it.each([
    ['14:3', '“14:3” is incomplete: type hours:minutes, e.g. 14:30'],
    ['24:00', 'There is no 24:00: hours go up to 23'],
    ['9:60', 'There is no 09:60: minutes go up to 59'],
    ['noon', '“noon” is not a time: type hours:minutes, e.g. 14:30'],
  ])('%s is refused: %s', (text, words) => expect(message(text, 'time')).toBe(words));
});

describe('what a field shows and stores', () => {
  it('shows stored values day.month.year, time before date, and typed text that could not be read as it is', () => {
    expect(entryText('2024-07-06', 'date')).toBe('06.07.2024');
    expect(entryText('2024-07-06T10:00:00.000Z', 'date')).toBe('06.07.2024');
    expect(entryText(local(2024, 7, 6, 14, 30, 27), 'datetime')).toBe('14:30 06.07.2024');
    expect(entryText('14:30', 'time')).toBe('14:30');
    expect(entryText('31.02.2026', 'date')).toBe('31.02.2026');
    expect(entryText(undefined, 'date')).toBe('');
    expect(entryText(null, 'datetime')).toBe('');
  });

  it.each(['6.7.2024', '06.07.24', '14:30 06.07.2024'])('%s reads back as what it stores', (text) => {
    const kind: EntryKind = text.includes(':') ? 'datetime' : 'date';
    const stored = value(text, kind)!;
    expect(value(entryText(stored, kind), kind)).toBe(stored);
  });

  it('names the problem of text kept in a field, and none for stored values', () => {
    expect(entryProblem('31.02.2026', 'date')).toBe('There is no 31.02.2026: February 2026 has 28 days');
    expect(entryProblem('31.02.2026', 'date', 'de', 'Wunschtermin')).toBe(
      'Feld Wunschtermin: Den 31.02.2026 gibt es nicht, der Februar 2026 hat 28 Tage',
    );
    expect(entryProblem('6.7.2', 'date', 'de', 'Wunschtermin')).toBe(
      'Feld Wunschtermin ist unvollständig: bitte als Tag.Monat.Jahr eingeben, z. B. 06.07.2024',
    );
    expect(entryProblem('morgen', 'date', 'de', 'Wunschtermin')).toBe(
      'Feld Wunschtermin ist kein gültiges Datum: bitte als Tag.Monat.Jahr eingeben, z. B. 06.07.2024',
    );
    expect(entryProblem('6.13.2024', 'date', 'de', 'Wunschtermin')).toBe(
      'Feld Wunschtermin: Einen Monat 13 gibt es nicht, das Jahr hat 12 Monate',
    );
    expect(entryProblem('06.07.2024', 'datetime')).toBe('“06.07.2024” needs a time too, e.g. 14:30 06.07.2024');
    expect(entryProblem('2024-07-06', 'date')).toBeUndefined();
    expect(entryProblem('2024-07-06T12:30:00.000Z', 'datetime')).toBeUndefined();
    expect(entryProblem('14:30', 'time')).toBeUndefined();
    expect(entryProblem(undefined, 'date')).toBeUndefined();
    expect(entryProblem('', 'date')).toBeUndefined();
  });

  it('tells text that changes what a field holds from the same value typed another way', () => {
    const start = local(2026, 3, 14, 9, 15);
    expect(entryChange('09:15 14.03.2026', start, 'datetime', { now })).toBeUndefined();
    expect(entryChange(' 9:15  14.3.26 ', start, 'datetime', { now })).toBeUndefined();
    // The time alone keeps the field's day.
    expect(entryChange('10:45', start, 'datetime', { now })).toEqual({ ok: true, value: local(2026, 3, 14, 10, 45) });
    expect(entryChange('10:45 14.03.', start, 'datetime', { now })).toMatchObject({ ok: true });
    expect(entryChange('10:4', start, 'datetime', { now })).toMatchObject({ ok: false, text: '10:4' });
    expect(entryChange('', start, 'datetime', { now })).toEqual({ ok: true, value: undefined });
    expect(entryChange('', null, 'datetime', { now })).toBeUndefined();
    expect(entryChange('06.07.2024', '2024-07-06', 'date', { now })).toBeUndefined();
    expect(entryChange('6.7.24', '2024-07-06', 'date', { now })).toBeUndefined();
    expect(entryChange('7.7.24', '2024-07-06', 'date', { now })).toEqual({ ok: true, value: '2024-07-07' });
  });

  it("gives the picker the stored value in its own form and takes the picker's back", () => {
    expect(pickerValue('2024-07-06', 'date')).toBe('2024-07-06');
    expect(pickerValue(local(2024, 7, 6, 14, 30), 'datetime')).toBe('2024-07-06T14:30');
    expect(pickerValue('31.02.2026', 'date')).toBe('');
    expect(pickerValue(undefined, 'datetime')).toBe('');
    expect(fromPicker('2024-07-06', 'date')).toBe('2024-07-06');
    expect(fromPicker('2024-07-06T14:30', 'datetime')).toBe(local(2024, 7, 6, 14, 30));
    expect(fromPicker('', 'date')).toBeUndefined();
  });
});
