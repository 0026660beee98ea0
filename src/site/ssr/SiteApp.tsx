import { useMemo } from 'react';
import type { SiteConfig } from '../../shared/generated/types';
import { NOT_FOUND_TEXT } from '../../shared/rules/constants';
import { SiteContext, type SiteContextValue } from '../context';
import { RenderElements } from '../render/RenderElements';
import type { SiteView } from '../../shared/site/view';

export interface SiteAppProps {
  config: SiteConfig;
  view: SiteView;
  api: SiteContextValue['api'];
}

/** One view of the public site, the same tree on the server (SSR) and in the browser (hydration, navigation). */
export function SiteApp({ config, view, api }: SiteAppProps) {
  const page = view.kind === 'page' ? view.page : undefined;
  const path = view.kind === 'page' ? view.page.path : view.path;
  const { pagePaths } = view;
  const value = useMemo<SiteContextValue>(
    () => ({
      config,
      api,
      pagePaths,
      page: page
        ? { _id: page._id, path: page.path, title: page.title, language: page.language }
        : { _id: '', path, title: NOT_FOUND_TEXT },
    }),
    [config, api, page, path, pagePaths],
  );
  return (
    <SiteContext.Provider value={value}>
      <SkipLink />
      <RenderElements elements={view.elements.before} root />
      {view.kind === 'notFound' ? (
        <NotFound />
      ) : (
        <main id={MAIN_ID} tabIndex={-1}>
          <RenderElements elements={view.elements.main} root />
        </main>
      )}
      <RenderElements elements={view.elements.after} page />
    </SiteContext.Provider>
  );
}

/** The page's own content, after the layout's navigation: where the skip link takes the keyboard. */
export const MAIN_ID = 'main';

/**
 * The first Tab stop of every page, shown only while focused: past the logo and the navigation links
 * to the page's content. Without the site's code the browser follows `#main` (main takes the focus:
 * it is focusable by script); with it, the link focuses main itself, since the site's router would
 * take `#main` for an anchor and only scroll there.
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="site-skip-link"
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      Zum Inhalt springen
    </a>
  );
}

/**
 * The spec's 'not found' as the heading of the page, between the layout's navigation and footer. The
 * words are English on a site in German: marked so, a screen reader says them in English (WCAG 3.1.2).
 */
function NotFound() {
  return (
    <main id={MAIN_ID} tabIndex={-1} className="site-not-found">
      <h1 className="site-not-found__text" lang="en">
        {NOT_FOUND_TEXT}
      </h1>
      <a className="site-not-found__home" href="/">
        Zur Startseite
      </a>
    </main>
  );
}
