import { clampCssAmount, DEFAULT_CSS_SIZE, isCssSizeUnit, type CssSize } from '../../../shared/format';
import { parseNumberInput } from './numberInput';

/** The stored CSS size, or the default 0 rem for anything missing or malformed. */
export function cssSizeOf(value: unknown): CssSize {
  const size = (typeof value === 'object' && value !== null ? value : {}) as Partial<CssSize>;
  return {
    amount: typeof size.amount === 'number' ? clampCssAmount(size.amount) : DEFAULT_CSS_SIZE.amount,
    type: typeof size.type === 'string' && isCssSizeUnit(size.type) ? size.type : DEFAULT_CSS_SIZE.type,
  };
}

/**
 * The size after typing an amount: clamped to -9999...9999; empty text means 0; text that is not a
 * number yet gives undefined (no change).
 */
export function cssSizeWithAmount(current: unknown, text: string): CssSize | undefined {
  const parsed = parseNumberInput(text);
  if (!parsed.ok) return undefined;
  return { ...cssSizeOf(current), amount: clampCssAmount(parsed.value ?? 0) };
}
