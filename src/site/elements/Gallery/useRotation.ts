import { useEffect, useState } from 'react';
import { GALLERY_ROTATION_MS } from '../../../shared/rules/constants';

/** The slide after `index` in a gallery of `count`, wrapping around. */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** The slide before `index`, wrapping around. */
export function previousIndex(index: number, count: number): number {
  return count > 0 ? (index - 1 + count) % count : 0;
}

/**
 * The current slide; it advances every GALLERY_ROTATION_MS (5 s) while the window has focus
 * (spec section 4) and nothing `holds` it (the visitor stopped it, or is pointing at or working in
 * the gallery: WCAG 2.2.2), and restarts its interval whenever the visitor picks a slide.
 * `rotating` says whether it advances on its own now; `started`, whether the site's code runs it (after hydration).
 */
export function useRotation(count: number, held = false, interval = GALLERY_ROTATION_MS) {
  const [index, setIndex] = useState(0);
  const [focused, setFocused] = useState(false);
  // Only the site's code turns the slides: the page as the server sends it stands still.
  const [started, setStarted] = useState(false);

  useEffect(() => {
    setStarted(true);
    setFocused(document.hasFocus());
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
    };
  }, []);

  const rotating = focused && !held && count > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((current) => nextIndex(current, count)), interval);
    return () => window.clearInterval(timer);
  }, [rotating, count, interval, index]);

  return {
    index: count ? Math.min(index, count - 1) : 0,
    started,
    rotating,
    show: setIndex,
    next: () => setIndex((current) => nextIndex(current, count)),
    previous: () => setIndex((current) => previousIndex(current, count)),
  };
}
