/** What typing into a number field gives: a float, nothing (empty), or not a number yet. */
export type NumberInput = { ok: true; value: number | undefined } | { ok: false };

/**
 * Converts the text of a number input to a float: "" -> undefined, "1,5" -> 1.5 (a decimal comma is
 * accepted when no point is present), "12.25" -> 12.25; anything that is not a complete number
 * ("abc", "1e", "-") is not ok, so the stored value stays as it was while the person types.
 */
export function parseNumberInput(text: string): NumberInput {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return { ok: true, value: undefined };
  const normalized = trimmed.includes('.') ? trimmed : trimmed.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(normalized)) return { ok: false };
  const value = parseFloat(normalized);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false };
}

/**
 * The text a number input shows for a stored value: German style with a decimal comma ('6,25'), as the money
 * inputs beside it show theirs; all its digits, no thousands separator (a point would read as the decimal one
 * when typed back).
 */
export function numberToInput(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : '';
}
