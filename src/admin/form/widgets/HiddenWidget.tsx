/** Kept in the data, never shown (system fields such as `_id`). */
export function HiddenWidget() {
  return null;
}
