import type { SiteConfig } from '../shared/generated/types';
import type { SiteView } from '../shared/site/view';

/**
 * What the server embeds in a rendered page for its code (JSON in `#site-data`). A page's
 * elements are not repeated there: the browser asks for the page again as a guest (GET
 * /api/cms/page, as the server rendered it) when it hydrates, so the HTML carries the page once.
 */
export type SiteEmbed =
  | {
      config: SiteConfig;
      /** The path of the rendered page. */
      page: string;
      /**
       * When the page's code starts: `now` for an element that acts on its own (LIVE_ELEMENT_TAGS)
       * on the first screen; `scroll` for one further down (at the first scroll, intent or an
       * address with #hash, before the visitor reaches it); otherwise `intent` (first wheel, touch,
       * pointer or key event).
       */
      start: 'now' | 'scroll' | 'intent';
    }
  | { config: SiteConfig; view: Extract<SiteView, { kind: 'notFound' }> };
