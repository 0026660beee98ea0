import { describe, expect, it } from 'vitest';
import { currentSecretErrors, standingErrors, toErrorSchema, unplacedErrors } from './errorSchema';
import { formatValue } from './formatValue';

describe('toErrorSchema', () => {
  it('turns dotted server paths into the error tree', () => {
    expect(toErrorSchema({ 'items.0.price': 'must be number', name: 'is required', '': 'conflict' })).toEqual({
      __errors: ['conflict'],
      name: { __errors: ['is required'] },
      items: { 0: { price: { __errors: ['must be number'] } } },
    });
    expect(toErrorSchema({})).toBeUndefined();
  });

  it('lists errors no visible field can show', () => {
    expect(unplacedErrors({ '': 'conflict', _version: 'stale', name: 'is required' }, ['name'])).toEqual([
      'conflict',
      '_version: stale',
    ]);
  });

  it('places a current password’s error at its visible secret field, as it is', () => {
    const errors = { '_current.password': 'The current password is wrong', name: 'is required' };
    expect(unplacedErrors(errors, ['name', 'password'])).toEqual([]);
    expect(unplacedErrors(errors, ['name'])).toEqual(['The current password is wrong']);
    expect(currentSecretErrors(errors)).toEqual({ password: 'The current password is wrong' });
    expect(currentSecretErrors({ name: 'is required' })).toBeUndefined();
  });
});

describe('formatValue (read-only display)', () => {
  it('formats money, dates, enum labels, booleans and numbers', () => {
    expect(formatValue(2100, { type: 'number', 'x-currency': 'EUR' })).toBe('2.100,00 €');
    expect(formatValue(2047.5, { type: 'number', 'x-currency': 'CHF' })).toBe('2.047,50 CHF');
    expect(formatValue('2024-03-28', { type: 'string', format: 'date' })).toBe('28.03.2024');
    expect(formatValue('2024-05-06T07:30:00.000Z', { type: 'string', format: 'date-time' })).toBe('09:30 06.05.2024');
    expect(formatValue(1.2, { type: 'number', enum: [1, 1.2], 'x-enumLabels': ['Normal', 'Okay'] })).toBe('Okay');
    expect(formatValue(true, { type: 'boolean' })).toBe('Yes');
    expect(formatValue(2.5, { type: 'number' })).toBe('2,5');
    expect(formatValue(undefined, { type: 'string' })).toBe('—');
    expect(formatValue(['a', 'b'], { type: 'array', items: { type: 'string' } })).toBe('a, b');
  });
});

describe('standingErrors', () => {
  const errors = { name: 'is required', 'items.0.price': 'must be a number', '': 'Version conflict' };
  const refused = { items: [{ price: 'viel' }] };

  it('keeps every error while the refused values stand (the same object when nothing went)', () => {
    expect(standingErrors(errors, refused, { ...refused })).toBe(errors);
    expect(standingErrors(undefined, refused, refused)).toBeUndefined();
  });

  it("drops a field's error once its value is edited, the document's own error stays", () => {
    expect(standingErrors(errors, refused, { name: 'Rhein AG', items: [{ price: 'viel' }] })).toEqual({
      'items.0.price': 'must be a number',
      '': 'Version conflict',
    });
    expect(standingErrors(errors, refused, { items: [{ price: 12 }] })).toEqual({
      name: 'is required',
      '': 'Version conflict',
    });
  });
});
