import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { SiteBootData } from '../../shared/site/view';
import { preloadElements } from '../elements/registry';
import { ClientApp, type Follow } from './ClientApp';

/**
 * Hydrates what the server rendered (React and the elements' code load here, not in the entry).
 * The page's split elements load first, so hydration renders the same tree as the server; hydration
 * runs as a transition, so React yields to the browser between slices of work. Answers, once
 * hydrated, the function that follows a link the way a click inside the site does.
 */
export async function startApp(root: HTMLElement, boot: SiteBootData): Promise<Follow> {
  await preloadElements(boot.view).catch((error: unknown) => console.warn('Elements', error));
  return new Promise((resolve) =>
    startTransition(() => {
      hydrateRoot(root, <ClientApp boot={boot} onReady={resolve} />, {
        onRecoverableError: (error) => console.warn('Hydration', error),
      });
    }),
  );
}
