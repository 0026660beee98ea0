import { describe, expect, it } from 'vitest';
import type { FieldInfo } from '../registry';
import { startValues } from './startValues';

const field = (name: string, schema: Record<string, unknown>) =>
  ({ name, format: schema.format, schema }) as unknown as FieldInfo;

describe('startValues', () => {
  it("starts a date field marked x-default today at the day in Zurich, which is not UTC's near midnight", () => {
    const fields = [
      field('date', { type: 'string', format: 'date', 'x-default': 'today' }),
      field('due', { type: 'string', format: 'date' }),
      field('name', { type: 'string', 'x-default': 'today' }),
    ];
    // 23:30 UTC on 31 December is already 1 January in Zurich.
    expect(startValues({ fields }, Date.UTC(2026, 11, 31, 23, 30))).toEqual({ date: '2027-01-01' });
    expect(startValues({ fields }, Date.UTC(2026, 5, 15, 10, 0))).toEqual({ date: '2026-06-15' });
  });

  it('gives nothing to a model without the annotation', () => {
    expect(startValues({ fields: [field('date', { type: 'string', format: 'date' })] }, Date.now())).toEqual({});
  });
});
