import type { Currency } from '../vocabulary';

/** Suffix written after the amount, separated by a plain space. */
export const CURRENCY_SUFFIX = {
  EUR: '€',
  CHF: 'CHF',
} as const satisfies Record<Currency, string>;

const numberFormat = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const unitPriceFormat = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/**
 * German style with two decimals: 1234.5 EUR -> "1.234,50 €", -1234.5 CHF -> "-1.234,50 CHF".
 * Formats the absolute value and adds an ASCII "-" itself, so ICU's sign characters and
 * non-breaking spaces never leak into the output, and amounts that round to zero never read "-0,00".
 * Non-finite amounts give "".
 */
export function formatMoney(amount: number, currency: Currency = 'EUR'): string {
  return formatAmount(amount, CURRENCY_SUFFIX[currency]);
}

/**
 * A unit price: two decimals, more when it has them (up to four: 123.456 -> "123,456 €"), so that count × price
 * of a line can be checked against its total, which is rounded to the cent.
 */
export function formatUnitPrice(amount: number, currency: Currency = 'EUR'): string {
  return formatAmount(amount, CURRENCY_SUFFIX[currency], unitPriceFormat);
}

/** The same German style with any currency code after it (a bank's USD credit: "1.250,00 USD"). */
export function formatAmount(amount: number, suffix: string, format = numberFormat): string {
  if (!Number.isFinite(amount)) return '';
  const digits = format.format(Math.abs(amount)).replace(/\s/g, '');
  const sign = amount < 0 && /[1-9]/.test(digits) ? '-' : '';
  return `${sign}${digits} ${suffix}`;
}
