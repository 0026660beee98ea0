import type Lenis from 'lenis';
import { SMOOTH_SCROLL } from '../../shared/rules/constants';

/** Spec section 2: after rendering, scroll to the hash anchor, or to the top after this delay. */
export const SCROLL_TOP_DELAY_MS = 100;

let lenis: Lenis | undefined;

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** What shows that a visitor is about to scroll or navigate: Lenis loads then, not before. */
const INTENT_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Smooth scrolling with Lenis and the spec's defaults (lerp 0.1, wheel and touch multipliers 1,
 * touch lerp 0.075). Its code loads at the visitor's first wheel, touch, pointer or key event, so a
 * visitor who only reads downloads none of it (until then the browser scrolls natively, anchors
 * scroll with `scrollIntoView`); nothing happens for visitors who prefer reduced motion.
 */
export function startSmoothScroll(): void {
  if (lenis || prefersReducedMotion()) return;
  const start = () => {
    for (const type of INTENT_EVENTS) removeEventListener(type, start, true);
    void loadLenis();
  };
  for (const type of INTENT_EVENTS) addEventListener(type, start, { capture: true, passive: true });
}

async function loadLenis(): Promise<void> {
  const { default: LenisClass } = await import('lenis');
  lenis ??= new LenisClass({
    lerp: SMOOTH_SCROLL.lerp,
    wheelMultiplier: SMOOTH_SCROLL.wheelMultiplier,
    touchMultiplier: SMOOTH_SCROLL.touchMultiplier,
    syncTouchLerp: SMOOTH_SCROLL.touchLerp,
    autoRaf: true,
  });
}

/** The element a hash (`#kontakt`, percent-encoded or not) points to. */
export function hashTarget(hash: string): HTMLElement | null {
  const id = hash.replace(/^#/, '');
  if (!id) return null;
  let decoded = id;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    // keep it as written
  }
  return document.getElementById(decoded) ?? document.getElementById(id);
}

/**
 * Scrolls smoothly (or at once, for reduced motion) to an element or a position. The space kept
 * above an anchor (below the sticky navigation) is the stylesheet's: `scroll-margin-top` and
 * `scroll-padding-top`, which Lenis and `scrollIntoView` both honour.
 */
export function scrollToTarget(target: HTMLElement | number): void {
  if (lenis) return lenis.scrollTo(target);
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  if (typeof target === 'number') window.scrollTo({ top: target, behavior });
  else target.scrollIntoView({ behavior, block: 'start' });
}

/** After a view rendered: to the anchor of the hash when there is one, else to the top after 100 ms. */
export function scrollAfterRender(hash: string): () => void {
  const target = hashTarget(hash);
  if (target) {
    scrollToTarget(target);
    return () => undefined;
  }
  const timer = setTimeout(() => scrollToTarget(0), SCROLL_TOP_DELAY_MS);
  return () => clearTimeout(timer);
}

/** Lets Lenis measure again after the content changed (client-side navigation). */
export function contentChanged(): void {
  lenis?.resize();
}
