import { renderToString } from 'react-dom/server';
import type { SiteConfig } from '../../shared/generated/types';
import { composePageTitle } from '../../shared/rules/pageTitle';
import { NOT_FOUND_TEXT } from '../../shared/rules/constants';
import type { SiteContextValue } from '../context';
import { scriptJson, structuredData } from '../seo/jsonLd';
import { SiteApp } from './SiteApp';
import { browserConfig, colorCss, documentLanguage } from '../../shared/site/config';
import { siteIcon } from '../../shared/site/favicon';
import { SITE_DATA_ID, SITE_ROOT_ID, viewTags, type SiteView } from '../../shared/site/view';
import type { SiteEmbed } from '../boot';
import { LIVE_ELEMENT_TAGS } from '../elements/live';

export { preloadElements } from '../elements/registry';

/** The built browser files of the site entry (from Vite's manifest); empty when the client is not built. */
export interface ClientAssets {
  /** The entry module. */
  script?: string;
  /** Modules it imports statically (modulepreload). */
  preload: string[];
  css: string[];
  /**
   * The rules of the stylesheets the markup of a page's first screen needs, inlined into its page
   * instead of linking the stylesheets: no render-blocking request on a first visit. The
   * stylesheets themselves load right after the first paint, for the rest of the page.
   */
  criticalCss?: (html: string) => string;
  /** Font files worth preloading (the Latin subset of the body font). */
  fonts: string[];
}

export interface RenderInput {
  config: SiteConfig;
  view: SiteView;
  /** `https://www.example.ch`, without a trailing slash. */
  origin: string;
  assets: ClientAssets;
  /**
   * Receives the code of each inline script the document runs, as written: the server allows exactly
   * these in the page's Content-Security-Policy (by hash), so markup that slipped into the page runs nothing.
   */
  scripts?: string[];
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** For a double-quoted attribute, where `'` may stay (the site icon's SVG is full of them). */
const escapeAttribute = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Submissions need the browser: on the server nothing may submit. */
const serverApi: SiteContextValue['api'] = {
  submitForm: () => Promise.reject(new Error('Forms submit in the browser')),
  contact: () => Promise.reject(new Error('Forms submit in the browser')),
  event: () => Promise.reject(new Error('Forms submit in the browser')),
};

/** The whole HTML document of a view: head (title, colours, favicon, structured data), rendered body and hydration data. */
export function renderDocument({ config, view, origin, assets, scripts = [] }: RenderInput): string {
  const body = renderToString(<SiteApp config={config} view={view} api={serverApi} />);
  const page = view.kind === 'page' ? view.page : undefined;
  const title = page
    ? composePageTitle(page.title ?? page.name, config.title)
    : composePageTitle(NOT_FOUND_TEXT, config.title);
  const icon = siteIcon(config);
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
  ];
  if (page?.description) head.push(`<meta name="description" content="${escapeHtml(page.description)}">`);
  if (!page || page.noIndex) head.push('<meta name="robots" content="noindex">');
  head.push(`<link rel="icon" href="${escapeAttribute(icon.href)}"${icon.type ? ` type="${icon.type}"` : ''}>`);
  head.push(`<style>${colorCss(config)}${view.kind === 'page' && assets.script ? laterElementsCss(view) : ''}</style>`);
  for (const font of assets.fonts)
    head.push(`<link rel="preload" href="${escapeHtml(font)}" as="font" type="font/woff2" crossorigin>`);
  if (assets.criticalCss) {
    const firstScreen =
      view.kind === 'page'
        ? renderToString(<SiteApp config={config} view={firstScreenView(view)} api={serverApi} />)
        : body;
    head.push(`<style>${assets.criticalCss(firstScreen).replace(/<\/style/gi, '<\\/style')}</style>`);
    head.push(laterStylesheets(assets.css, scripts));
  } else for (const css of assets.css) head.push(`<link rel="stylesheet" href="${escapeHtml(css)}">`);
  if (view.kind === 'page') {
    const all = [...view.elements.before, ...view.elements.main, ...view.elements.after];
    const records = structuredData({ config, page: view.page, elements: all, pagePaths: view.pagePaths, origin });
    head.push(`<script type="application/ld+json">${scriptJson(records)}</script>`);
  }
  const data: SiteEmbed =
    view.kind === 'page'
      ? {
          config: browserConfig(config),
          page: view.page.path,
          start: hasLiveElement(firstScreenView(view)) ? 'now' : hasLiveElement(view) ? 'scroll' : 'intent',
        }
      : { config: browserConfig(config), view };
  return (
    `<!doctype html><html lang="${escapeHtml(documentLanguage(config, page?.language))}"><head>${head.join('')}</head>` +
    `<body><div id="${SITE_ROOT_ID}">${body}</div>` +
    `<script type="application/json" id="${SITE_DATA_ID}">${scriptJson(data)}</script>${afterPaint(assets, scripts)}</body></html>`
  );
}

const hasLiveElement = (view: SiteView) => [...viewTags(view)].some((tag) => LIVE_ELEMENT_TAGS.has(tag as never));

/**
 * Top-level elements whose markup counts as a page's first screen (anchors aside): the navigation,
 * a hero and the section below it on a phone as on a wide screen.
 */
const FIRST_SCREEN_ELEMENTS = 3;

/**
 * The part of a page a visitor sees before scrolling, generously: the first top-level elements
 * (anchors, which take no room, not counted), and the elements after the page's own when the
 * page is that short. Its markup decides which rules the page inlines.
 */
export function firstScreenView(view: Extract<SiteView, { kind: 'page' }>): Extract<SiteView, { kind: 'page' }> {
  let count = 0;
  const take = (elements: typeof view.elements.main) => {
    const taken: typeof elements = [];
    for (const element of elements) {
      if (count >= FIRST_SCREEN_ELEMENTS) break;
      taken.push(element);
      if (element.tag !== 'anchor') count++;
    }
    return taken;
  };
  const before = take(view.elements.before);
  const main = take(view.elements.main);
  const short = before.length === view.elements.before.length && main.length === view.elements.main.length;
  return { ...view, elements: { before, main, after: short ? take(view.elements.after) : [] } };
}

/** How the browser may leave a page's elements unrendered while they are off screen (see laterElementsCss). */
export const LATER_DECLARATIONS = 'content-visibility:auto;contain-intrinsic-size:auto 40rem';

/**
 * The top-level elements after a page's first screen (see firstScreenView) are rendered by the
 * browser only near the viewport (`content-visibility: auto`, with a placeholder height until they
 * have been rendered once): the first paint lays out only the first screen, and the whole
 * stylesheet, arriving after it, restyles only that. The site's code renders them one by one when
 * the page has loaded (src/site/client/renderLater.ts), so that then every anchor is where it is.
 */
export function laterElementsCss(view: Extract<SiteView, { kind: 'page' }>): string {
  const first = firstScreenView(view);
  const selectors: string[] = [];
  if (first.elements.main.length < view.elements.main.length)
    selectors.push(`#${SITE_ROOT_ID}>main>:nth-child(n+${first.elements.main.length + 1})`);
  if (first.elements.after.length === 0 && view.elements.after.length) selectors.push(`#${SITE_ROOT_ID}>main~*`);
  // Only with scripts, which render them later: without, the browser renders the page as usual.
  return selectors.length ? `@media (scripting:enabled){${selectors.join(',')}{${LATER_DECLARATIONS}}}` : '';
}

/**
 * The whole stylesheets, for the part of the page below its first screen: added right after the
 * first paint (two animation frames), at once when the address names a place further down the page
 * (`#kontakt`: the browser shows that place first), and linked as usual without scripts.
 */
function laterStylesheets(hrefs: string[], scripts: string[]): string {
  if (hrefs.length === 0) return '';
  const code =
    `{const h=${scriptJson(hrefs)},a=()=>{for(const f of h){const e=document.createElement('link');` +
    `e.rel='stylesheet';e.href=f;if(location.hash)e.blocking='render';document.head.append(e)}};` +
    `location.hash?a():requestAnimationFrame(()=>requestAnimationFrame(a))}`;
  scripts.push(code);
  return (
    `<script>${code}</script>` +
    `<noscript>${hrefs.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('')}</noscript>`
  );
}

/**
 * Starts the site's entry (a few kB, see src/site/client/main.tsx) after the first paint, in a task
 * of its own after the frame that adds the stylesheets (two animation frames after the document):
 * nothing the browser fetches for it competes with the page being shown on a slow connection, and
 * no task does both.
 */
function afterPaint(assets: ClientAssets, scripts: string[]): string {
  if (!assets.script) return '';
  const load = { preload: assets.preload, script: assets.script };
  const code =
    `const l=${scriptJson(load)};requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(()=>{` +
    `for(const h of l.preload){const e=document.createElement('link');e.rel='modulepreload';e.href=h;document.head.append(e)}` +
    `import(l.script)})))`;
  scripts.push(code);
  return `<script type="module">${code}</script>`;
}
