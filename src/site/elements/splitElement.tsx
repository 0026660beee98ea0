import { lazy, type ReactNode } from 'react';
import type { ElementTag } from '../../shared/generated/schemas';
import type { ElementComponent, ElementProps } from '../render/types';

/** An element whose code is its own chunk; `preload()` fetches it. */
export type SplitElement<T extends ElementTag> = ElementComponent<T> & { preload: () => Promise<void> };

/**
 * An element whose code loads only on pages that use it (interactive elements: forms, gallery,
 * menus, video). Once preloaded it renders synchronously, so the server (which preloads them all)
 * renders its full markup and the browser (which preloads the elements of a page before hydrating
 * or showing it) hydrates the same tree. Rendered before its code arrived, it suspends inside the
 * element's boundary: the server's markup stays until the code is there.
 */
export function splitElement<T extends ElementTag>(
  load: () => Promise<{ default: ElementComponent<T> }>,
): SplitElement<T> {
  let loaded: ElementComponent<T> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Split(props: ElementProps<T>): ReactNode {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Split, { preload });
}
