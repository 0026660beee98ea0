import { describe, expect, it } from 'vitest';
import { trackedMonths } from './trackedMonths';

describe('trackedMonths', () => {
  it('lists the months newest first with their hours in German style', () => {
    expect(
      trackedMonths([
        { year: 2023, month: 12, totalHours: 1234.5 },
        { year: 2024, month: 3, totalHours: 12.25 },
        { year: 2024, month: 1, totalHours: 0.75 },
      ]),
    ).toEqual([
      { key: '2024-03', label: 'March 2024', hours: '12,25 h' },
      { key: '2024-01', label: 'January 2024', hours: '0,75 h' },
      { key: '2023-12', label: 'December 2023', hours: '1.234,50 h' },
    ]);
  });

  it('leaves out months without hours', () => {
    expect(trackedMonths([{ year: 2024, month: 2, totalHours: 0 }])).toEqual([]);
    expect(trackedMonths([])).toEqual([]);
  });
});
