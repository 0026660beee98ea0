/**
 * Renders, one per idle moment once the page has loaded, the top-level elements the browser left
 * unrendered off screen (`content-visibility: auto`, see laterElementsCss in
 * ../ssr/renderDocument.tsx). Each one is a short task of style and layout instead of one long task
 * for the whole page; afterwards every element has its real height, so anchors and smooth
 * scrolling land where they should. The page's rule goes at once (its elements keep its
 * declarations while they wait): a page shown later by client-side navigation has other elements.
 * Nothing here asks for computed styles, so no style work runs inside this script's task.
 */
export function renderLater(root: HTMLElement): void {
  const later: HTMLElement[] = [];
  for (const sheet of document.styleSheets) {
    if (!(sheet.ownerNode instanceof HTMLStyleElement)) continue;
    for (let index = sheet.cssRules.length - 1; index >= 0; index--) {
      const rule = sheet.cssRules[index];
      const inner = rule instanceof CSSMediaRule ? rule.cssRules[0] : undefined;
      if (!(inner instanceof CSSStyleRule) || inner.style.contentVisibility !== 'auto') continue;
      if (rule instanceof CSSMediaRule && !matchMedia(rule.conditionText).matches) continue;
      for (const element of root.querySelectorAll<HTMLElement>(inner.selectorText)) {
        element.style.contentVisibility = 'auto';
        element.style.containIntrinsicSize = inner.style.containIntrinsicSize;
        later.push(element);
      }
      sheet.deleteRule(index);
    }
  }
  if (later.length === 0) return;
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

const idle = (task: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 50);
