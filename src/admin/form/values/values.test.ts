import { describe, expect, it } from 'vitest';
import { cssSizeOf, cssSizeWithAmount } from './cssSizeInput';
import { dateEntryErrors } from './dateInput';
import { jsonToDraft, parseJsonDraft } from './jsonDraft';
import { formatMoneyInput, parseMoneyInput } from './moneyInput';
import { numberToInput, parseNumberInput } from './numberInput';

describe('parseNumberInput (number fields store floats)', () => {
  it.each([
    ['12', 12],
    ['12.25', 12.25],
    ['1,5', 1.5],
    [' -3.75 ', -3.75],
    ['.5', 0.5],
    ['1e3', 1000],
    ['6.5', 6.5],
  ])('%s -> %s', (text, value) => expect(parseNumberInput(text)).toEqual({ ok: true, value }));

  it('empty input stores nothing', () => expect(parseNumberInput('  ')).toEqual({ ok: true, value: undefined }));

  it.each(['abc', '-', '1e', '1.2.3', '12a', '1,2,3'])('%s is not a number yet', (text) =>
    expect(parseNumberInput(text)).toEqual({ ok: false }),
  );

  it('shows stored numbers German style with a decimal comma, and nothing for missing ones', () => {
    expect(numberToInput(1.5)).toBe('1,5');
    expect(numberToInput(6.25)).toBe('6,25');
    expect(numberToInput(-0.125)).toBe('-0,125');
    expect(numberToInput(12345)).toBe('12345');
    expect(numberToInput(undefined)).toBe('');
    expect(numberToInput(Number.NaN)).toBe('');
  });

  it.each([6.25, 0.1, -3.75, 1234.5678, 1e-7, 1e21])('%s reads back as itself', (value) =>
    expect(parseNumberInput(numberToInput(value))).toEqual({ ok: true, value }),
  );
});

describe('money input', () => {
  it('formats the amount German style without the suffix', () => {
    expect(formatMoneyInput(1234.5, 'EUR')).toBe('1.234,50');
    expect(formatMoneyInput(-2047.5, 'CHF')).toBe('-2.047,50');
    expect(formatMoneyInput(0, 'EUR')).toBe('0,00');
    // A unit price with a fraction of a cent shows it (the line total is rounded from it).
    expect(formatMoneyInput(123.456, 'EUR')).toBe('123,456');
    expect(formatMoneyInput(undefined, 'EUR')).toBe('');
  });

  it.each([
    ['1.234,50', 1234.5],
    ['1234,5', 1234.5],
    ['1234.5', 1234.5],
    ['1.234', 1234],
    ["1'234.50 CHF", 1234.5],
    ['120 €', 120],
    ['-12,30', -12.3],
  ])('parses %s as %s', (text, value) => expect(parseMoneyInput(text)).toEqual({ ok: true, value }));

  it('empty clears, garbage is rejected', () => {
    expect(parseMoneyInput('')).toEqual({ ok: true, value: undefined });
    expect(parseMoneyInput('12,3x')).toEqual({ ok: false });
  });
});

describe('JSON editor drafts', () => {
  it('passes on only text that parses', () => {
    expect(parseJsonDraft('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonDraft('"text"')).toEqual({ ok: true, value: 'text' });
    expect(parseJsonDraft('{"a": ')).toMatchObject({ ok: false });
    expect(parseJsonDraft("{'a': 1}")).toMatchObject({ ok: false, error: expect.any(String) });
    expect(parseJsonDraft('  ')).toEqual({ ok: true, value: undefined });
  });

  it('shows values pretty-printed', () => {
    expect(jsonToDraft({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(jsonToDraft(undefined)).toBe('');
  });
});

describe('CSS size input', () => {
  it('defaults to 0 rem', () => {
    expect(cssSizeOf(undefined)).toEqual({ amount: 0, type: 'rem' });
    expect(cssSizeOf({ amount: 2 })).toEqual({ amount: 2, type: 'rem' });
    expect(cssSizeOf({ type: 'px' })).toEqual({ amount: 0, type: 'px' });
    expect(cssSizeOf({ amount: 1, type: 'pt' })).toEqual({ amount: 1, type: 'rem' });
  });

  it('clamps the amount to -9999 ... 9999 and keeps the unit', () => {
    expect(cssSizeWithAmount({ amount: 1, type: 'px' }, '12000')).toEqual({ amount: 9999, type: 'px' });
    expect(cssSizeWithAmount({ amount: 1, type: '%' }, '-10000.5')).toEqual({ amount: -9999, type: '%' });
    expect(cssSizeWithAmount(undefined, '1.5')).toEqual({ amount: 1.5, type: 'rem' });
    expect(cssSizeWithAmount({ amount: 3, type: 'vh' }, '')).toEqual({ amount: 0, type: 'vh' });
    expect(cssSizeWithAmount({ amount: 3, type: 'vh' }, '-')).toBeUndefined();
  });

  it('clamps stored amounts out of range', () => {
    expect(cssSizeOf({ amount: 99999, type: 'px' })).toEqual({ amount: 9999, type: 'px' });
  });
});

describe('date entries of a form', () => {
  const fields = [
    { name: 'date', format: 'date' },
    { name: 'start', format: 'date-time' },
    { name: 'at', format: 'time' },
    { name: 'created', format: 'date-time', readOnly: true },
    { name: 'name' },
  ];

  it('names the date, date-time and time fields holding text that cannot be stored', () => {
    expect(
      dateEntryErrors(fields, { date: '31.02.2026', start: '06.07.2024', at: '25:00', created: 'x', name: '31.02.' }),
    ).toEqual({
      date: 'There is no 31.02.2026: February 2026 has 28 days',
      start: '“06.07.2024” needs a time too, e.g. 14:30 06.07.2024',
      at: 'There is no 25:00: hours go up to 23',
    });
  });

  it('finds nothing in stored values and empty fields', () => {
    expect(dateEntryErrors(fields, { date: '2024-03-28', start: '2024-05-06T07:30:00.000Z', at: '14:30' })).toBe(
      undefined,
    );
    expect(dateEntryErrors(fields, {})).toBeUndefined();
    expect(dateEntryErrors(fields, undefined)).toBeUndefined();
  });
});
