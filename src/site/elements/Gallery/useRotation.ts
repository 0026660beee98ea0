import { useEffect, useState } from 'react';
import { GALLERY_ROTATION_MS } from '../../../shared/rules';

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
 * (spec section 4) and restarts its interval whenever the visitor picks a slide.
 */
export function useRotation(count: number, interval = GALLERY_ROTATION_MS) {
  const [index, setIndex] = useState(0);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
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

  useEffect(() => {
    if (!focused || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => nextIndex(current, count)), interval);
    return () => window.clearInterval(timer);
  }, [focused, count, interval, index]);

  return {
    index: count ? Math.min(index, count - 1) : 0,
    show: setIndex,
    next: () => setIndex((current) => nextIndex(current, count)),
    previous: () => setIndex((current) => previousIndex(current, count)),
  };
}
