import { formatReference } from 'swissqrbill/utils';
import { describe, expect, it } from 'vitest';
import { formatPaymentReference } from './paymentReference';

describe('formatPaymentReference', () => {
  it('groups a QR reference as 2 digits and blocks of 5, an RF reference in blocks of 4, as the QR-bill prints them', () => {
    for (const [reference, shown] of [
      ['210000000003139471430009017', '21 00000 00003 13947 14300 09017'],
      ['RF18539007547034', 'RF18 5390 0754 7034'],
      ['RF720191230100405JSH0438', 'RF72 0191 2301 0040 5JSH 0438'],
    ]) {
      expect(formatPaymentReference(reference)).toBe(shown);
      // The PDF's payment part (swissqrbill) groups it the same way.
      expect(formatReference(reference)).toBe(shown);
    }
  });

  it('shows anything else as stored', () => {
    expect(formatPaymentReference('12345')).toBe('12345');
    expect(formatPaymentReference('Rechnung 7')).toBe('Rechnung 7');
  });
});
