/** The tallest bar fills this share of the chart, leaving room above it. */
export const BAR_MAX_PERCENT = 95;

/**
 * Bar height in percent: value / max scaled to 95, clamped to 0–95.
 * A non-positive or non-finite max, or a non-finite value, gives 0 (never NaN).
 */
export function barHeight(value: number, max: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return 0;
  return Math.min(BAR_MAX_PERCENT, Math.max(0, (value / max) * BAR_MAX_PERCENT));
}
