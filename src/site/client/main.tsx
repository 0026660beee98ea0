import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { startSmoothScroll } from '../scroll/smoothScroll';
import { preloadElements } from '../elements/registry';
import { SITE_DATA_ID, SITE_ROOT_ID, viewTags, type SiteBootData } from '../../shared/site/view';
import { ClientApp } from './ClientApp';
import './site.css';

/**
 * The public site in the browser: hydrates what the server rendered, then navigates client-side.
 * Hydration runs as a transition, so React yields to the browser between small slices of work
 * instead of holding the main thread for the whole page (the page is already painted and readable).
 */
const root = document.getElementById(SITE_ROOT_ID);
const data = document.getElementById(SITE_DATA_ID)?.textContent;
if (root && data) {
  const boot = JSON.parse(data) as SiteBootData;
  // The page's interactive elements load first, so hydration renders the same tree as the server.
  void preloadElements(viewTags(boot.view))
    .catch((error: unknown) => console.warn('Elements', error))
    .then(() =>
      startTransition(() => {
        hydrateRoot(root, <ClientApp boot={boot} />, {
          onRecoverableError: (error) => console.warn('Hydration', error),
        });
      }),
    );
  startSmoothScroll();
}
