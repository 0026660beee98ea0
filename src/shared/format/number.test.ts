import { describe, expect, it } from 'vitest';
import { formatNumber } from './number';

describe('formatNumber', () => {
  it('writes numbers German style at the given decimals', () => {
    expect(formatNumber(6800)).toBe('6.800');
    expect(formatNumber(1067.44, 1)).toBe('1.067,4');
    expect(formatNumber(5197.666, 2)).toBe('5.197,67');
    expect(formatNumber(0.9873, 2)).toBe('0,99');
  });

  it('puts a minus only before a value that stays negative after rounding', () => {
    expect(formatNumber(-0.025, 1)).toBe('0,0');
    expect(formatNumber(-0, 1)).toBe('0,0');
    expect(formatNumber(-1234.5, 1)).toBe('-1.234,5');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});
