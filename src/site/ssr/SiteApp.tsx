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
  const pagePaths = view.kind === 'page' ? view.pagePaths : undefined;
  const value = useMemo<SiteContextValue | undefined>(
    () =>
      page &&
      pagePaths && {
        config,
        api,
        pagePaths,
        page: { _id: page._id, path: page.path, title: page.title, language: page.language },
      },
    [config, api, page, pagePaths],
  );
  if (view.kind === 'notFound' || !value) return <NotFound />;
  return (
    <SiteContext.Provider value={value}>
      <RenderElements elements={view.elements.before} root />
      <main id="main">
        <RenderElements elements={view.elements.main} root />
      </main>
      <RenderElements elements={view.elements.after} page />
    </SiteContext.Provider>
  );
}

function NotFound() {
  return (
    <main id="main" className="site-not-found">
      <p className="site-not-found__text">{NOT_FOUND_TEXT}</p>
      <a className="site-not-found__home" href="/">
        Zur Startseite
      </a>
    </main>
  );
}
