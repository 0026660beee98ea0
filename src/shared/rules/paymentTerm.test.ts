import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_TERM_DAYS, dueDate } from './paymentTerm';
import siteConfig from '../../../schemas/models/site-config.schema.json';

describe('DEFAULT_PAYMENT_TERM_DAYS', () => {
  it("is the site configuration's default term and the 14 days after which an open invoice shows overdue", () => {
    expect(DEFAULT_PAYMENT_TERM_DAYS).toBe(14);
    expect(siteConfig.properties.billing.properties.paymentTermDays.default).toBe(DEFAULT_PAYMENT_TERM_DAYS);
  });
});

describe('dueDate', () => {
  it('counts calendar days from the invoice date, across month and year ends and a leap day', () => {
    expect(dueDate('2026-03-31', 30)).toBe('2026-04-30');
    expect(dueDate('2026-12-15', 30)).toBe('2027-01-14');
    expect(dueDate('2028-02-20', 10)).toBe('2028-03-01');
    expect(dueDate('2027-02-20', 10)).toBe('2027-03-02');
  });

  it('is the invoice date itself for a term of 0 days (payable at once)', () => {
    expect(dueDate('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('knows no due date for a date of another shape or a term that is not whole days from 0', () => {
    expect(dueDate('31.03.2026', 30)).toBeUndefined();
    expect(dueDate('2026-03-31T10:00:00Z', 30)).toBeUndefined();
    expect(dueDate('2026-03-31', -1)).toBeUndefined();
    expect(dueDate('2026-03-31', 1.5)).toBeUndefined();
    expect(dueDate('2026-03-31', Number.NaN)).toBeUndefined();
  });
});
