import { describe, expect, it } from 'vitest';
import { entryCount } from './entryCount';

describe('entryCount', () => {
  it('counts in Swiss German grouping, one entry in the singular, nothing as 0 entries', () => {
    expect(entryCount(0)).toBe('0 entries');
    expect(entryCount(1)).toBe('1 entry');
    // The grouping mark is the runtime's (ICU) Swiss one.
    expect(entryCount(1234)).toBe(`${(1234).toLocaleString('de-CH')} entries`);
    expect(entryCount(1234)).toMatch(/^1\D234 entries$/);
  });

  it('marks an estimate', () => {
    expect(entryCount(120000, true)).toMatch(/^≈ 120\D000 entries$/);
  });
});
