export const CSS_SIZE_UNITS = ['px', 'em', 'rem', '%', 'vh', 'vw'] as const;
export type CssSizeUnit = (typeof CSS_SIZE_UNITS)[number];

export interface CssSize {
  amount: number;
  type: CssSizeUnit;
}

export const DEFAULT_CSS_SIZE: Readonly<CssSize> = { amount: 0, type: 'rem' };
export const CSS_SIZE_STEP = 0.1;
export const CSS_SIZE_MIN = -9999;
export const CSS_SIZE_MAX = 9999;

export function isCssSizeUnit(value: string): value is CssSizeUnit {
  return (CSS_SIZE_UNITS as readonly string[]).includes(value);
}

/** Keeps the amount inside [CSS_SIZE_MIN, CSS_SIZE_MAX]; non-finite amounts become 0. */
export function clampCssAmount(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  return Math.min(CSS_SIZE_MAX, Math.max(CSS_SIZE_MIN, amount));
}

/** { amount: 1.5, type: 'rem' } -> "1.5rem"; missing parts fall back to DEFAULT_CSS_SIZE. */
export function cssSizeToString(size?: Partial<CssSize>): string {
  const amount = clampCssAmount(size?.amount ?? DEFAULT_CSS_SIZE.amount);
  const type = size?.type && isCssSizeUnit(size.type) ? size.type : DEFAULT_CSS_SIZE.type;
  // `+ 0` turns -0 into 0 so it never prints as "-0".
  return `${amount + 0}${type}`;
}

const CSS_SIZE_PATTERN = /^(-?(?:\d+(?:\.\d*)?|\.\d+))\s*(px|em|rem|%|vh|vw)$/;

/** "12px" -> { amount: 12, type: 'px' }; null for anything else. The amount is clamped. */
export function parseCssSize(value: string): CssSize | null {
  const match = CSS_SIZE_PATTERN.exec(value.trim());
  if (!match?.[1] || !match[2] || !isCssSizeUnit(match[2])) return null;
  return { amount: clampCssAmount(parseFloat(match[1])), type: match[2] };
}
