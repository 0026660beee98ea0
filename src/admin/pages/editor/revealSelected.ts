import { FORM_HEAD_PX, revealDelta } from '../model/reveal';

/** The nearest ancestor that scrolls its content (the sidebar from 1280 px), or none: the window scrolls. */
function scrollParent(element: HTMLElement): HTMLElement | undefined {
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return undefined;
}

/**
 * Scrolls the sidebar, or the window where the sidebar is part of the page (under 1280 px), so the
 * selected element's row and the start of its form are in sight below the sticky bars, which cover
 * `coveredTop` pixels at the top of what scrolls. Nothing moves when they already are.
 */
export function revealSelected(row: HTMLElement, form: HTMLElement, coveredTop: number): void {
  const container = scrollParent(row);
  const box = container?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
  const view = { top: Math.max(box.top, 0) + coveredTop, bottom: Math.min(box.bottom, window.innerHeight) };
  const formBox = form.getBoundingClientRect();
  const head = { top: formBox.top, bottom: Math.min(formBox.bottom, formBox.top + FORM_HEAD_PX) };
  const delta = revealDelta(row.getBoundingClientRect(), head, view);
  if (delta) (container ?? window).scrollBy({ top: delta });
}
