import { CURRENCY_SUFFIX, formatUnitPrice } from '../../../shared/format';
import type { Currency } from '../../../shared/vocabulary';
import type { NumberInput } from './numberInput';

/**
 * The amount as the money field shows it at rest: German style without the suffix ("1.234,50"), with the
 * decimals a unit price has beyond the cent ("123,456"): shown as stored, not as a rounded figure.
 */
export function formatMoneyInput(amount: unknown, currency: Currency): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  return formatUnitPrice(amount, currency).slice(0, -(CURRENCY_SUFFIX[currency].length + 1));
}

/**
 * Parses what a person types into a money field: German style ("1.234,50", "12,5"), plain
 * ("1234.5"), with or without the currency suffix or apostrophe grouping ("1'234.50 CHF").
 */
export function parseMoneyInput(text: string): NumberInput {
  let cleaned = text.replace(/€|CHF|EUR/gi, '').replace(/[\s'’]/g, '');
  if (cleaned === '') return { ok: true, value: undefined };
  if (cleaned.includes(',')) cleaned = cleaned.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(cleaned)) cleaned = cleaned.replace(/\./g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return { ok: false };
  return { ok: true, value: parseFloat(cleaned) };
}
