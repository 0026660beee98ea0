import { describe, expect, it } from 'vitest';
import { grossOf, roundCents, vatOf } from './vat';

describe('VAT', () => {
  it('rounds to the cent, half up', () => {
    expect(roundCents(1.5 * 156.33)).toBe(234.5);
    expect(roundCents(-0.005)).toBe(-0.01);
  });

  it('charges the rate only with a VAT number', () => {
    // 1234.50 × 8.1 % = 99.9945 -> 99.99; 1825 × 8.1 % = 147.825 -> 147.83.
    expect(vatOf(1234.5, { vatNumber: 'CHE-123.456.789 MWST', vatRate: 8.1 })).toBe(99.99);
    expect(grossOf(1825, { vatNumber: 'CHE-123.456.789 MWST', vatRate: 8.1 })).toBe(1972.83);
    expect(grossOf(1825, { vatRate: 8.1 })).toBe(1825);
    expect(grossOf(1825, { vatNumber: 'CHE-123.456.789 MWST' })).toBe(1825);
    expect(grossOf(1825, undefined)).toBe(1825);
  });
});
