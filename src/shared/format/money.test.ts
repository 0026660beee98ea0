import { describe, it, expect } from 'vitest';
import { CURRENCY_SUFFIX, formatAmount, formatMoney, formatUnitPrice } from './money';

describe('formatAmount', () => {
  it('writes any currency code after a German-style amount', () => {
    expect(formatAmount(1250, 'USD')).toBe('1.250,00 USD');
    expect(formatAmount(-0.001, 'GBP')).toBe('0,00 GBP');
  });
});

describe('formatMoney', () => {
  it('formats euro in German style with a plain space', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('1.234,50 €');
  });

  it('formats CHF with its suffix', () => {
    expect(formatMoney(1234.5, 'CHF')).toBe('1.234,50 CHF');
  });

  it('defaults to euro', () => {
    expect(formatMoney(3)).toBe('3,00 €');
  });

  it('uses ASCII hyphen and space for negatives', () => {
    const out = formatMoney(-1234.5, 'EUR');
    expect(out).toBe('-1.234,50 €');
    expect(out).not.toMatch(/[\u00a0\u202f\u2212]/);
  });

  it('rounds to two decimals and groups millions', () => {
    expect(formatMoney(1234567.891, 'EUR')).toBe('1.234.567,89 €');
    expect(formatMoney(0.005, 'CHF')).toBe('0,01 CHF');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0, 'EUR')).toBe('0,00 €');
    expect(formatMoney(-0.001, 'EUR')).toBe('0,00 €');
    expect(formatMoney(-0.01, 'EUR')).toBe('-0,01 €');
  });

  it('returns "" for non-finite amounts', () => {
    expect(formatMoney(Number.NaN, 'EUR')).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'CHF')).toBe('');
  });

  it('exports the suffix map', () => {
    expect(CURRENCY_SUFFIX).toEqual({ EUR: '€', CHF: 'CHF' });
  });
});

describe('formatUnitPrice', () => {
  it('shows the decimals a unit price has beyond the cent, up to four', () => {
    expect(formatUnitPrice(110)).toBe('110,00 €');
    expect(formatUnitPrice(123.456)).toBe('123,456 €');
    expect(formatUnitPrice(0.12345, 'CHF')).toBe('0,1235 CHF');
    expect(formatUnitPrice(-1234.5)).toBe('-1.234,50 €');
  });
});
