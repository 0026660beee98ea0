import { describe, it, expect } from 'vitest';
import { barHeight } from './dashboard';

describe('barHeight', () => {
  it('scales the maximum to 95', () => {
    expect(barHeight(8, 8)).toBe(95);
    expect(barHeight(4, 8)).toBe(47.5);
    expect(barHeight(0, 8)).toBe(0);
  });

  it('is 0 when the maximum is zero or negative', () => {
    expect(barHeight(0, 0)).toBe(0);
    expect(barHeight(3, 0)).toBe(0);
    expect(barHeight(3, -1)).toBe(0);
  });

  it('never returns NaN', () => {
    expect(barHeight(Number.NaN, 5)).toBe(0);
    expect(barHeight(5, Number.NaN)).toBe(0);
    expect(barHeight(5, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('clamps values outside 0..max', () => {
    expect(barHeight(10, 5)).toBe(95);
    expect(barHeight(-2, 5)).toBe(0);
  });
});
