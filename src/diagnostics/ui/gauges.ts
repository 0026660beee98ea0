import {
  CALCULATED_DISPLAY_DECIMALS,
  CALCULATED_VALUES,
  displayDecimals,
  ENGINE_VALUES,
} from '../../shared/diagnostics/values';
import { formatNumber } from '../../shared/format/number';

/** One gauge: an engine value from the table or a calculated one. */
export interface GaugeSpec {
  key: string;
  name: string;
  unit: string;
  min?: number;
  max?: number;
  decimals: number;
  warn?: (value: number, frame: Readonly<Record<string, number>>) => boolean;
}

export const GAUGES: readonly GaugeSpec[] = [
  ...ENGINE_VALUES.map((value) => ({
    key: value.key,
    name: value.name,
    unit: value.unit,
    min: value.min,
    max: value.max,
    decimals: displayDecimals(value),
    warn: value.warn,
  })),
  ...CALCULATED_VALUES.map((value) => ({
    key: value.key,
    name: value.name,
    unit: value.unit,
    decimals: CALCULATED_DISPLAY_DECIMALS,
  })),
];

/**
 * A gauge's value at its decimals. A value that rounds to zero shows as zero, never as "-0.0"
 * (knock average -0.02 °): only a number that stays negative after rounding gets a minus sign.
 */
export const formatValue = (gauge: GaugeSpec, value: number | undefined) =>
  value === undefined ? '–' : formatNumber(value, gauge.decimals);

/**
 * A bound of a gauge's range under its bar, written as its values are (German style: 0,6 λ and 7.000
 * rpm next to 0,86 and 3.038), with the decimals the bound itself has.
 */
export const formatBound = (bound: number) => formatNumber(bound, (String(bound).split('.')[1] ?? '').length);

/**
 * The bar of a value as start and end along its range (0 to 1): from zero when the range holds zero
 * (knock retard grows leftwards from 0, torque either way), otherwise from the range's start.
 */
export function bar(gauge: GaugeSpec, value: number | undefined): { start: number; end: number } {
  const { min, max } = gauge;
  if (value === undefined || min === undefined || max === undefined) return { start: 0, end: 0 };
  const at = (x: number) => Math.min(1, Math.max(0, (x - min) / (max - min)));
  const origin = min <= 0 && max >= 0 ? at(0) : 0;
  return { start: Math.min(origin, at(value)), end: Math.max(origin, at(value)) };
}
