import { describe, expect, it } from 'vitest';
import { documentLabel } from './documentLabel';

const field = (name: string, format?: string) => ({ name, ...(format ? { format } : {}) }) as never;

describe('documentLabel', () => {
  it('reads a date-time or date label field as people write it, in Zurich time', () => {
    const receipt = { labelField: 'date', fields: [field('date', 'date-time')] };
    expect(documentLabel(receipt, { date: '2026-11-27T08:00:00.000Z' })).toBe('09:00 27.11.2026');
    const day = { labelField: 'day', fields: [field('day', 'date')] };
    expect(documentLabel(day, { day: '2026-03-05' })).toBe('05.03.2026');
  });

  it('keeps names and numbers as they are, and a value that is no date', () => {
    expect(documentLabel({ labelField: 'name', fields: [field('name')] }, { name: '2026-11-27T08:00:00Z' })).toBe(
      '2026-11-27T08:00:00Z',
    );
    expect(documentLabel({ labelField: 'id', fields: [field('id')] }, { id: 1234 })).toBe('1234');
    const receipt = { labelField: 'date', fields: [field('date', 'date-time')] };
    expect(documentLabel(receipt, { date: 'soon' })).toBe('soon');
  });

  it('is undefined for an empty label field', () => {
    const model = { labelField: 'name', fields: [field('name')] };
    expect(documentLabel(model, {})).toBeUndefined();
    expect(documentLabel(model, { name: '' })).toBeUndefined();
    expect(documentLabel(model, { name: { de: 'x' } })).toBeUndefined();
  });
});

describe('documentLabel with x-title', () => {
  const contactRequest = {
    labelField: 'id',
    fields: [
      field('id'),
      {
        name: 'data',
        schema: { properties: { firstName: {}, lastName: {}, email: { format: 'email' } } },
      } as never,
      field('_createdAt', 'date-time'),
    ],
    titleParts: ['#{id}', ['{data.firstName} {data.lastName}', '{data.email}'], '{_createdAt:date}'],
  };

  it('joins its parts, taking the first alternative with a value, dates as people write them', () => {
    const doc = {
      id: 17,
      data: { firstName: 'Lukas', lastName: 'Brunner', email: 'lukas.brunner@example.ch' },
      _createdAt: '2024-05-02T09:14:03.120Z',
    };
    expect(documentLabel(contactRequest, doc)).toBe('#17 · Lukas Brunner · 02.05.2024');
    expect(documentLabel(contactRequest, { ...doc, data: { lastName: 'Brunner' } })).toBe('#17 · Brunner · 02.05.2024');
  });

  it('falls back to the next alternative and leaves out parts without a value', () => {
    expect(documentLabel(contactRequest, { id: 18, data: { email: 'anna@example.ch' } })).toBe('#18 · anna@example.ch');
    expect(documentLabel(contactRequest, { data: {} })).toBeUndefined();
  });
});
