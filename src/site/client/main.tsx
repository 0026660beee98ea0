import { pageView, SITE_DATA_ID, SITE_ROOT_ID, type SiteBootData } from '../../shared/site/view';
import type { SiteEmbed } from '../boot';
import { startSmoothScroll } from '../scroll/smoothScroll';
import { fetchPage, storedToken } from './api';
import { interceptedUrl } from './links';
import { renderLater } from './renderLater';
import './site.css';

/**
 * The public site's entry, a few kB: the page is already rendered and readable. A page with an
 * element that acts on its own (see LIVE_ELEMENT_TAGS) on its first screen starts the site's code
 * at once, one with such an element further down at the first scroll (or at once for an address
 * with #hash, which shows a place further down); any other page starts it at the visitor's first
 * wheel, touch, pointer or key event. A click on a link or button before the code is there (also
 * on a page that starts it at once) waits for it and is then handled as usual (client-side navigation,
 * the navigation's menu button, a form's check...). The page's elements, which hydration renders again,
 * are fetched when the code starts (the HTML does not carry them twice); if that fails, the page
 * stays as the server rendered it and links load pages as usual.
 */
const INTENT_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
const CLICKABLE = 'button, [role="button"], summary';

const root = document.getElementById(SITE_ROOT_ID);
const data = document.getElementById(SITE_DATA_ID)?.textContent;
if (root && data) {
  const embed = JSON.parse(data) as SiteEmbed;
  let app: Promise<(url: URL) => void> | undefined;
  let ready = false;
  const start = () => {
    app ??= Promise.all([import('./app'), bootData(embed)])
      .then(([{ startApp }, boot]) => startApp(root, boot))
      .catch((error: unknown) => {
        console.warn('Site', error);
        return (url: URL) => location.assign(url.href);
      })
      .then((follow) => {
        ready = true;
        return follow;
      });
    return app;
  };
  const when =
    'view' in embed
      ? // Staff who are logged in may see pages that guests may not: the server answered as a guest.
        storedToken() !== undefined
        ? 'now'
        : 'intent'
      : embed.start;
  if (when === 'now' || (when === 'scroll' && location.hash)) void start();
  else {
    const events: readonly string[] = when === 'scroll' ? [...INTENT_EVENTS, 'scroll'] : INTENT_EVENTS;
    const onIntent = () => {
      for (const type of events) removeEventListener(type, onIntent, true);
      void start();
    };
    for (const type of events) addEventListener(type, onIntent, { capture: true, passive: true });
  }
  // Also on a page that starts the code at once: a form's button clicked before would send the form
  // natively (the page reloads, the site's check never runs).
  document.addEventListener(
    'click',
    (event) => {
      if (ready) return;
      const url = interceptedUrl(event, location);
      // An anchor on this page needs no code: the browser goes there at once.
      if (url && url.pathname === location.pathname && url.search === location.search && url.hash) return;
      const button = url ? undefined : (event.target as Element | null)?.closest?.<HTMLElement>(CLICKABLE);
      if (!url && !button) return;
      event.preventDefault();
      event.stopPropagation();
      void start().then((follow) => (url ? follow(url) : button?.click()));
    },
    true,
  );
  startSmoothScroll();
  renderLater(root);
}

/** What hydration renders: the page the server rendered, fetched as the guest it rendered it for. */
async function bootData(embed: SiteEmbed): Promise<SiteBootData> {
  if ('view' in embed) return { config: embed.config, view: embed.view };
  const answer = await fetchPage(embed.page, { guest: true });
  if (!answer || 'redirect' in answer) throw new Error(`The page ${embed.page} is gone`);
  return { config: embed.config, view: pageView(answer) };
}
