import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { composePageTitle } from '../../shared/rules/pageTitle';
import { NOT_FOUND_TEXT } from '../../shared/rules/constants';
import { contentChanged, hashTarget, scrollAfterRender, scrollToTarget } from '../scroll/smoothScroll';
import { MAIN_ID, SiteApp } from '../ssr/SiteApp';
import { preloadElements } from '../elements/registry';
import { notFoundView, pageView, type SiteBootData, type SiteView } from '../../shared/site/view';
import { fetchPage, siteApi, storedToken } from './api';
import { interceptedUrl } from './links';
import { announce } from './announce';
import { moveFocus } from './moveFocus';
import { redirectTarget } from '../../shared/site/redirectTarget';

interface Shown {
  view: SiteView;
  /** Changes with every navigation, so the scroll effect runs even for the same view. */
  visit: number;
  hash: string;
}

const MAX_REDIRECTS = 5;

/**
 * The hydrated site with client-side navigation: same-origin link clicks fetch the next page as JSON
 * (GET /api/cms/page) and render it without a reload; history entries make back and forward work;
 * a redirect answer navigates to its target.
 */
/** Follows a same-site link the way a click does: an anchor on this page scrolls, another page shows. */
export type Follow = (url: URL) => void;

export function ClientApp({ boot, onReady }: { boot: SiteBootData; onReady?: (follow: Follow) => void }) {
  const [shown, setShown] = useState<Shown>({ view: boot.view, visit: 0, hash: location.hash });
  const latest = useRef(0);
  const currentPath = useRef(location.pathname);

  const show = useCallback(
    async (url: URL, mode: 'push' | 'replace' | 'pop', redirects = 0): Promise<void> => {
      const visit = ++latest.current;
      let answer;
      try {
        answer = await fetchPage(url.pathname);
      } catch {
        if (mode !== 'pop') location.assign(url.href);
        return;
      }
      if (visit !== latest.current) return;
      if (answer && 'redirect' in answer) {
        const target = new URL(redirectTarget(answer.redirect.to, url.search), location.href);
        if (target.origin !== location.origin || redirects >= MAX_REDIRECTS) return location.assign(target.href);
        return show(target, mode === 'pop' ? 'replace' : mode, redirects + 1);
      }
      // Not found: framed by the home page's layout (its navigation and footer).
      const view: SiteView = answer
        ? pageView(answer)
        : notFoundView(url.pathname, await fetchPage('/').catch(() => undefined));
      // Shown once its interactive elements' code is here (if it fails, they appear when it arrives).
      await preloadElements(view).catch(() => undefined);
      if (visit !== latest.current) return;
      const href = url.pathname + url.search + url.hash;
      if (mode === 'push') history.pushState(null, '', href);
      else if (mode === 'replace') history.replaceState(null, '', href);
      currentPath.current = url.pathname;
      updateHead(boot, view);
      setShown({ view, visit, hash: url.hash });
    },
    [boot],
  );

  const follow = useCallback<Follow>(
    (url) => {
      if (url.pathname === currentPath.current && url.search === location.search && url.hash) {
        // An anchor on this page (`#id` or `path#id`): scroll there smoothly.
        if (url.hash !== location.hash) history.pushState(null, '', url.hash);
        const target = hashTarget(url.hash);
        if (target) {
          scrollToTarget(target);
          moveFocus(target);
        }
        return;
      }
      void show(url, 'push');
    },
    [show],
  );

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onClick = (event: MouseEvent) => {
      const url = interceptedUrl(event, location);
      if (!url) return;
      event.preventDefault();
      follow(url);
    };
    const onPop = () => {
      if (location.pathname === currentPath.current) {
        const target = hashTarget(location.hash);
        return scrollToTarget(target ?? 0);
      }
      void show(new URL(location.href), 'pop');
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPop);
    // Staff who are logged in may see pages that guests may not: SSR answered as a guest.
    if (boot.view.kind === 'notFound' && storedToken()) void show(new URL(location.href), 'replace');
    onReady?.(follow);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPop);
    };
  }, [boot, show, follow, onReady]);

  useLayoutEffect(() => contentChanged(), [shown]);
  // The first view is where the browser put it (the visitor may have scrolled before hydration).
  useEffect(() => {
    if (shown.visit === 0) return;
    // The keyboard and a screen reader go on in the new page's content (or at the anchor the link named),
    // as after a page load, not at the link followed (the layout's links stay) or at the page's top.
    const target = hashTarget(shown.hash) ?? document.getElementById(MAIN_ID);
    if (target) moveFocus(target);
    announce(document.title);
    return scrollAfterRender(shown.hash);
  }, [shown]);

  return <SiteApp config={boot.config} view={shown.view} api={siteApi} />;
}

/** Title, description and robots of the view now shown (SSR wrote them for the first one). */
function updateHead({ config }: SiteBootData, view: SiteView): void {
  const page = view.kind === 'page' ? view.page : undefined;
  document.title = composePageTitle(page ? (page.title ?? page.name) : NOT_FOUND_TEXT, config.title);
  setMeta('description', page?.description);
  setMeta('robots', !page || page.noIndex ? 'noindex' : undefined);
  // Structured data describes the page the server rendered; a crawler never navigates client-side.
  document.querySelectorAll('script[type="application/ld+json"]').forEach((script) => script.remove());
}

function setMeta(name: string, content: string | undefined): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) return meta?.remove();
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}
