/**
 * Renders, one per idle moment once the page has loaded, the top-level elements the browser left
 * unrendered off screen (`content-visibility: auto`, see laterElementsCss in
 * ../ssr/renderDocument.tsx). Each one is a short task of style and layout instead of one long task
 * for the whole page; afterwards every element has its real height, so anchors and smooth
 * scrolling land where they should. The page's rule goes at once (its elements keep the
 * declarations while they wait): a page shown later by client-side navigation has other elements.
 */
export function renderLater(root: HTMLElement): void {
  const later = [...root.querySelectorAll<HTMLElement>(':scope>main>*,:scope>main~*')].filter(
    (element) => getComputedStyle(element).contentVisibility === 'auto',
  );
  if (later.length === 0) return;
  for (const element of later) {
    element.style.containIntrinsicSize = getComputedStyle(element).containIntrinsicSize;
    element.style.contentVisibility = 'auto';
  }
  removeLaterRule();
  const next = () => {
    const element = later.shift();
    if (!element) return;
    element.style.contentVisibility = 'visible';
    // The next one once this one was rendered (after the next frame).
    requestAnimationFrame(() => setTimeout(() => idle(next)));
  };
  if (document.readyState === 'complete') idle(next);
  else addEventListener('load', () => idle(next), { once: true });
}

/** Deletes the rule of laterElementsCss from the page's inline stylesheets. */
function removeLaterRule(): void {
  for (const sheet of document.styleSheets) {
    if (!(sheet.ownerNode instanceof HTMLStyleElement)) continue;
    const rules = sheet.cssRules;
    for (let index = rules.length - 1; index >= 0; index--)
      if (/content-visibility:\s*auto/.test(rules[index].cssText)) sheet.deleteRule(index);
  }
}

const idle = (task: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 50);
