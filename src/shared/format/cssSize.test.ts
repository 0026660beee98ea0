import { describe, it, expect } from 'vitest';
import {
  CSS_SIZE_MAX,
  CSS_SIZE_MIN,
  CSS_SIZE_STEP,
  CSS_SIZE_UNITS,
  DEFAULT_CSS_SIZE,
  cssSizeToString,
  parseCssSize,
} from './cssSize';

describe('constants', () => {
  it('match the spec', () => {
    expect(CSS_SIZE_UNITS).toEqual(['px', 'em', 'rem', '%', 'vh', 'vw']);
    expect(DEFAULT_CSS_SIZE).toEqual({ amount: 0, type: 'rem' });
    expect([CSS_SIZE_STEP, CSS_SIZE_MIN, CSS_SIZE_MAX]).toEqual([0.1, -9999, 9999]);
  });
});

describe('cssSizeToString', () => {
  it('joins amount and unit', () => {
    expect(cssSizeToString({ amount: 1.5, type: 'rem' })).toBe('1.5rem');
    expect(cssSizeToString({ amount: 50, type: '%' })).toBe('50%');
    expect(cssSizeToString({ amount: -2, type: 'px' })).toBe('-2px');
  });

  it('falls back to 0rem', () => {
    expect(cssSizeToString(undefined)).toBe('0rem');
    expect(cssSizeToString({})).toBe('0rem');
    expect(cssSizeToString({ amount: 3 })).toBe('3rem');
    expect(cssSizeToString({ amount: Number.NaN, type: 'px' })).toBe('0px');
  });

  it('clamps to the allowed range', () => {
    expect(cssSizeToString({ amount: 12345, type: 'px' })).toBe('9999px');
    expect(cssSizeToString({ amount: -12345, type: 'vh' })).toBe('-9999vh');
  });

  it('never prints -0', () => {
    expect(cssSizeToString({ amount: -0, type: 'em' })).toBe('0em');
  });
});

describe('parseCssSize', () => {
  it('reads amount and unit', () => {
    expect(parseCssSize('12px')).toEqual({ amount: 12, type: 'px' });
    expect(parseCssSize('1.5rem')).toEqual({ amount: 1.5, type: 'rem' });
    expect(parseCssSize('-.5em')).toEqual({ amount: -0.5, type: 'em' });
    expect(parseCssSize(' 100 % ')).toEqual({ amount: 100, type: '%' });
  });

  it('tells rem from em', () => {
    expect(parseCssSize('2em')?.type).toBe('em');
    expect(parseCssSize('2rem')?.type).toBe('rem');
  });

  it('clamps parsed amounts', () => {
    expect(parseCssSize('100000vw')).toEqual({ amount: 9999, type: 'vw' });
  });

  it('returns null for anything else', () => {
    expect(parseCssSize('12')).toBeNull();
    expect(parseCssSize('px')).toBeNull();
    expect(parseCssSize('12pt')).toBeNull();
    expect(parseCssSize('1.2.3px')).toBeNull();
    expect(parseCssSize('')).toBeNull();
    expect(parseCssSize('12PX')).toBeNull();
  });
});
