/** What takes the focus without help; anything else is made focusable by script only (`tabindex="-1"`) for a moment. */
const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

/**
 * Puts the keyboard's focus on `target` without scrolling (the page scrolls there smoothly on its own):
 * after the site's code followed a link to an anchor, the next Tab goes on from there and a screen
 * reader reads on from there, as after the browser's own jump to an anchor. Without it the focus stayed
 * on the link followed, in the navigation (or went to the page's top, when that link went away with
 * the phone menu). An element made focusable for this is so only until it loses the focus; the
 * stylesheet draws no ring around it (`[data-focus-target]`): it is a place, not a control.
 */
export function moveFocus(target: HTMLElement): void {
  if (!target.matches(FOCUSABLE)) {
    target.tabIndex = -1;
    target.dataset.focusTarget = '';
    target.addEventListener(
      'blur',
      () => {
        target.removeAttribute('tabindex');
        delete target.dataset.focusTarget;
      },
      { once: true },
    );
  }
  target.focus({ preventScroll: true });
}
