import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { ElementTag } from '../../shared/generated/schemas';
import type { ElementComponent, ElementProps } from '../render/types';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's markup, true from the render
 * right after hydration (and at once for an element mounted later, e.g. after client navigation).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * An element whose code loads only on pages that use it (the 3D viewers and their three.js), and
 * only once the page has hydrated. The server renders a reserved 16:9 box and hydration renders the
 * same box, so neither waits for the code: the server does not give up on the element (React's
 * error #419 and a client render in its place), and hydration of the rest of the page (forms
 * visitors type into) is not held up until the code arrives. Then the element's code loads, with
 * the same box as the fallback: the layout stays still.
 */
export function lazyElement<T extends ElementTag>(
  load: () => Promise<{ default: ElementComponent<T> }>,
): ElementComponent<T> {
  const Lazy = lazy(load);
  const placeholder = <div aria-hidden data-lazy-element="" className="aspect-video w-full rounded-2xl bg-ink/5" />;
  function LazyElement(props: ElementProps<T>): ReactNode {
    const hydrated = useHydrated();
    if (!hydrated) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyElement;
}
