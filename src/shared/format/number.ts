const formats = new Map<number, Intl.NumberFormat>();

/**
 * A number in the admin's German style at a fixed number of decimals: 6800 → "6.800", 1067.44 at 1 → "1.067,4".
 * Like amounts (money.ts), an ASCII "-" only for a value that stays negative after rounding (never "-0,0"),
 * no ICU sign or space characters; non-finite numbers give "".
 */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return '';
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  const digits = format.format(Math.abs(value)).replace(/\s/g, '');
  const sign = value < 0 && /[1-9]/.test(digits) ? '-' : '';
  return `${sign}${digits}`;
}
