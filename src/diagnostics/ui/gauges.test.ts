import { describe, expect, it } from 'vitest';
import { bar, formatBound, formatValue, GAUGES } from './gauges';

const gauge = (key: string) => GAUGES.find((candidate) => candidate.key === key)!;
const expectBar = (actual: { start: number; end: number }, start: number, end: number) => {
  expect(actual.start).toBeCloseTo(start, 9);
  expect(actual.end).toBeCloseTo(end, 9);
};

describe('gauges', () => {
  it('has the 19 values and the 5 calculated ones, each with its unit', () => {
    expect(GAUGES).toHaveLength(24);
    expect(GAUGES.every((g) => g.unit)).toBe(true);
  });

  it('shows each value at its resolution', () => {
    expect(formatValue(gauge('engineSpeed'), 812.25)).toBe('812');
    // The admin's German style (shared/format), thousands with a dot: not the Swiss 6'800.
    expect(formatValue(gauge('engineSpeed'), 6800)).toBe('6.800');
    expect(formatValue(gauge('lambda'), 0.9873)).toBe('0,99');
    expect(formatValue(gauge('map'), 150)).toBe('150,0');
    expect(formatValue(gauge('boost'), undefined)).toBe('–');
  });

  it('shows a value that rounds to zero without a minus sign, and keeps it where the value stays negative', () => {
    expect(formatValue(gauge('knockAverage'), -0.025)).toBe('0,0');
    expect(formatValue(gauge('knockAverage'), -0)).toBe('0,0');
    expect(formatValue(gauge('knockAverage'), -0.05)).toBe('-0,1');
    expect(formatValue(gauge('knockCyl1'), -0.004)).toBe('0,00');
    expect(formatValue(gauge('knockCyl1'), -1.5)).toBe('-1,50');
    expect(formatValue(gauge('engineSpeed'), -0.4)).toBe('0');
    expect(formatValue(gauge('torque'), -42.5)).toBe('-42,5');
  });

  it('draws bars from zero where the range holds it, else from the range start', () => {
    expectBar(bar(gauge('engineSpeed'), 3500), 0, 0.5);
    expectBar(bar(gauge('knockCyl1'), 0), 1, 1);
    expectBar(bar(gauge('knockCyl1'), -3), 0.8, 1);
    expectBar(bar(gauge('lambda'), 1), 0, 0.5);
    expectBar(bar(gauge('torque'), 9999), 100 / 700, 1);
  });

  it('writes the range bounds as the values are written (German style)', () => {
    const bounds = (key: string) => [formatBound(gauge(key).min!), formatBound(gauge(key).max!)];
    expect(bounds('lambda')).toEqual(['0,6', '1,4']);
    expect(bounds('engineSpeed')).toEqual(['0', '7.000']);
    expect(bounds('airflow')).toEqual(['0', '1.200']);
    expect(bounds('knockCyl1')).toEqual(['-15', '0']);
    expect(bounds('torque')).toEqual(['-100', '600']);
  });
});
