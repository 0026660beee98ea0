export interface Span {
  top: number;
  bottom: number;
}

/** How much of an element's form must be in sight with its row: its header and first field. */
export const FORM_HEAD_PX = 160;
/** Room left above the row when it is scrolled to: the row is not glued to the sticky tabs. */
export const REVEAL_MARGIN_PX = 8;

/**
 * How far to scroll so the selected element's row and the start of its form (`formHead`) are in
 * `view`: 0 when they already are (a click in the outline opens the form in place, nothing jumps),
 * else the distance that brings the row to the top of the view (negative: up).
 */
export function revealDelta(row: Span, formHead: Span, view: Span, margin = REVEAL_MARGIN_PX): number {
  if (row.top >= view.top && formHead.bottom <= view.bottom) return 0;
  return row.top - view.top - margin;
}
