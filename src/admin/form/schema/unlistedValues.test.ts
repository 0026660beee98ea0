import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../shared/registry';
import { unlistedValues, withUnlisted } from './unlistedValues';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    type: { type: 'string', enum: ['payout', 'tax'], 'x-enumLabels': ['Payout', 'Tax'] },
    multiplier: { type: 'number', enum: [1, 1.5] },
    items: {
      type: 'array',
      items: { type: 'object', properties: { unit: { type: 'string', enum: ['h', 'pc'] } } },
    },
    days: { type: 'array', items: { type: 'string', enum: ['Mo', 'Tu'] } },
  },
};

describe('unlistedValues', () => {
  it('finds stored values the enums do not list, at every depth, once each', () => {
    const loaded = {
      name: 'x',
      type: 'bonus',
      multiplier: 3,
      items: [{ unit: 'h' }, { unit: 'km' }, { unit: 'km' }],
      days: ['Mo', 'Sa'],
    };
    expect(unlistedValues(schema, [loaded, { ...loaded, type: 'tax' }])).toEqual({
      type: ['bonus'],
      multiplier: [3],
      'items.[].unit': ['km'],
      'days.[]': ['Sa'],
    });
  });

  it('finds nothing in listed, empty or missing values', () => {
    expect(unlistedValues(schema, [{ type: 'tax', multiplier: null, items: [{}], days: [] }, undefined])).toEqual({});
    expect(unlistedValues(schema, [])).toEqual({});
  });
});

describe('withUnlisted', () => {
  it('adds each unlisted value to its enum, labelled as not in the list', () => {
    const shown = withUnlisted(schema, {
      type: ['bonus'],
      multiplier: [3],
      'items.[].unit': ['km'],
      'days.[]': ['Sa'],
    });
    const properties = shown.properties!;
    expect(properties.type).toMatchObject({
      enum: ['payout', 'tax', 'bonus'],
      'x-enumLabels': ['Payout', 'Tax', 'bonus (not in the list)'],
    });
    expect(properties.multiplier).toMatchObject({
      enum: [1, 1.5, 3],
      'x-enumLabels': ['1', '1.5', '3 (not in the list)'],
    });
    expect(properties.items.items!.properties!.unit.enum).toEqual(['h', 'pc', 'km']);
    expect(properties.days.items!.enum).toEqual(['Mo', 'Tu', 'Sa']);
    // What has nothing unlisted stays the same object (the form re-renders nothing for it).
    expect(properties.name).toBe(schema.properties!.name);
  });

  it('answers the schema itself when nothing is unlisted', () => {
    expect(withUnlisted(schema, {})).toBe(schema);
  });
});
