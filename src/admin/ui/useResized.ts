import { useLayoutEffect, type RefObject } from 'react';

/**
 * Calls `measure` with the element once it is laid out and again whenever its size (or that of one
 * of `also`, found inside it) changes. Nothing happens where there is no ResizeObserver (jsdom, in
 * the unit tests): the page keeps what it rendered.
 */
export function useResized<T extends HTMLElement>(
  ref: RefObject<T | null>,
  measure: (element: T) => void,
  { also, cleanup }: { also?: string; cleanup?: () => void } = {},
) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure(element));
    observer.observe(element);
    const inner = also ? element.querySelector(also) : null;
    if (inner) observer.observe(inner);
    return () => {
      observer.disconnect();
      cleanup?.();
    };
    // Set up once per element: `measure` reads only the element and stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, also]);
}
