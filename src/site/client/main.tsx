import { SITE_DATA_ID, SITE_ROOT_ID, viewTags, type SiteBootData } from '../../shared/site/view';
import { LIVE_ELEMENT_TAGS } from '../elements/live';
import { startSmoothScroll } from '../scroll/smoothScroll';
import { storedToken } from './api';
import { interceptedUrl } from './links';
import './site.css';

/**
 * The public site's entry, a few kB: the page is already rendered and readable. A page with an
 * element that acts on its own (see LIVE_ELEMENT_TAGS) starts the site's code at once; any other
 * page starts it at the visitor's first wheel, touch, pointer or key event. A click on a link or
 * button before the code is there waits for it and is then handled as usual (client-side
 * navigation, the navigation's menu button...).
 */
const INTENT_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
const CLICKABLE = 'button, [role="button"], summary';

const root = document.getElementById(SITE_ROOT_ID);
const data = document.getElementById(SITE_DATA_ID)?.textContent;
if (root && data) {
  const boot = JSON.parse(data) as SiteBootData;
  let app: Promise<(url: URL) => void> | undefined;
  let ready = false;
  const start = () => {
    app ??= import('./app')
      .then(({ startApp }) => startApp(root, boot))
      .then((follow) => {
        ready = true;
        return follow;
      });
    return app;
  };
  const live =
    boot.view.kind === 'page'
      ? [...viewTags(boot.view)].some((tag) => LIVE_ELEMENT_TAGS.has(tag as never))
      : // Staff who are logged in may see pages that guests may not: the server answered as a guest.
        storedToken() !== undefined;
  if (live) void start();
  else {
    const onIntent = () => {
      for (const type of INTENT_EVENTS) removeEventListener(type, onIntent, true);
      void start();
    };
    for (const type of INTENT_EVENTS) addEventListener(type, onIntent, { capture: true, passive: true });
    document.addEventListener(
      'click',
      (event) => {
        if (ready) return;
        const url = interceptedUrl(event, location);
        const button = url ? undefined : (event.target as Element | null)?.closest?.<HTMLElement>(CLICKABLE);
        if (!url && !button) return;
        event.preventDefault();
        event.stopPropagation();
        void start().then((follow) => (url ? follow(url) : button?.click()));
      },
      true,
    );
  }
  startSmoothScroll();
}
