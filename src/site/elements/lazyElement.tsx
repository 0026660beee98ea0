import { lazy, Suspense, type ReactNode } from 'react';
import type { ElementTag } from '../../shared/generated/schemas';
import type { ElementComponent, ElementProps } from '../render/types';

/**
 * An element whose code loads only on pages that use it (the 3D viewers and their three.js).
 * Until it arrives, a reserved 16:9 box keeps the layout still.
 */
export function lazyElement<T extends ElementTag>(
  load: () => Promise<{ default: ElementComponent<T> }>,
): ElementComponent<T> {
  const Lazy = lazy(load);
  function LazyElement(props: ElementProps<T>): ReactNode {
    return (
      <Suspense fallback={<div aria-hidden className="aspect-video w-full rounded-2xl bg-ink/5" />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyElement;
}
