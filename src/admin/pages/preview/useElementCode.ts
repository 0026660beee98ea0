import { useEffect, useState } from 'react';
import { preloadElements } from '../../../site/elements/registry';

let loaded = false;
let loading: Promise<void> | undefined;

/**
 * True once the code of every split element (forms, configurator, gallery, …) is there. The public site
 * loads a page's elements before it shows the page; a preview drawn before that showed such an element
 * as nothing until its chunk arrived (an empty configurator on a slow connection). The chunks are small,
 * and all of them load at once, so an element added later draws at once too. A chunk that fails to load
 * does not hold the preview back: that element suspends in its boundary, as before.
 */
export function useElementCode(): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loading ??= preloadElements()
      .catch((error: unknown) => console.warn('Elements', error))
      .then(() => {
        loaded = true;
      });
    void loading.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
