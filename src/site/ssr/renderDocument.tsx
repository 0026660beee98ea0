import { renderToString } from 'react-dom/server';
import type { SiteConfig } from '../../shared/generated/types';
import { composePageTitle } from '../../shared/rules/pageTitle';
import { NOT_FOUND_TEXT } from '../../shared/rules/constants';
import type { SiteContextValue } from '../context';
import { scriptJson, structuredData } from '../seo/jsonLd';
import { SiteApp } from './SiteApp';
import { colorCss, documentLanguage, faviconUrl } from '../../shared/site/config';
import { SITE_DATA_ID, SITE_ROOT_ID, type SiteBootData, type SiteView } from '../../shared/site/view';

export { preloadElements } from '../elements/registry';

/** The built browser files of the site entry (from Vite's manifest); empty when the client is not built. */
export interface ClientAssets {
  /** The entry module. */
  script?: string;
  /** Modules it imports statically (modulepreload). */
  preload: string[];
  css: string[];
  /**
   * The rules of the stylesheets a rendered body needs, inlined into its page instead of linking
   * the stylesheets: no render-blocking request on a first visit. The stylesheets themselves load
   * after the first paint, with the scripts.
   */
  criticalCss?: (bodyHtml: string) => string;
  /** Font files worth preloading (the Latin subset of the body font). */
  fonts: string[];
}

export interface RenderInput {
  config: SiteConfig;
  view: SiteView;
  /** `https://www.example.ch`, without a trailing slash. */
  origin: string;
  assets: ClientAssets;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Submissions need the browser: on the server nothing may submit. */
const serverApi: SiteContextValue['api'] = {
  submitForm: () => Promise.reject(new Error('Forms submit in the browser')),
  contact: () => Promise.reject(new Error('Forms submit in the browser')),
  event: () => Promise.reject(new Error('Forms submit in the browser')),
};

/** The whole HTML document of a view: head (title, colours, favicon, structured data), rendered body and hydration data. */
export function renderDocument({ config, view, origin, assets }: RenderInput): string {
  const body = renderToString(<SiteApp config={config} view={view} api={serverApi} />);
  const page = view.kind === 'page' ? view.page : undefined;
  const title = page
    ? composePageTitle(page.title ?? page.name, config.title)
    : composePageTitle(NOT_FOUND_TEXT, config.title);
  const favicon = faviconUrl(config);
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
  ];
  if (page?.description) head.push(`<meta name="description" content="${escapeHtml(page.description)}">`);
  if (!page || page.noIndex) head.push('<meta name="robots" content="noindex">');
  head.push(
    `<link rel="icon" href="${escapeHtml(favicon ?? 'data:,')}"${favicon?.includes('preset=favicon') ? ' type="image/png"' : ''}>`,
  );
  head.push(`<style>${colorCss(config)}</style>`);
  for (const font of assets.fonts)
    head.push(`<link rel="preload" href="${escapeHtml(font)}" as="font" type="font/woff2" crossorigin>`);
  if (assets.criticalCss) head.push(`<style>${assets.criticalCss(body).replace(/<\/style/gi, '<\\/style')}</style>`);
  else for (const css of assets.css) head.push(`<link rel="stylesheet" href="${escapeHtml(css)}">`);
  if (view.kind === 'page') {
    const all = [...view.elements.before, ...view.elements.main, ...view.elements.after];
    const records = structuredData({ config, page: view.page, elements: all, pagePaths: view.pagePaths, origin });
    head.push(`<script type="application/ld+json">${scriptJson(records)}</script>`);
  }
  const data: SiteBootData = { config, view, ...(assets.criticalCss && { stylesheets: assets.css }) };
  return (
    `<!doctype html><html lang="${escapeHtml(documentLanguage(config, page?.language))}"><head>${head.join('')}</head>` +
    `<body><div id="${SITE_ROOT_ID}">${body}</div>` +
    `<script type="application/json" id="${SITE_DATA_ID}">${scriptJson(data)}</script>${afterPaint(assets)}</body></html>`
  );
}

/**
 * Starts the site's entry (a few kB, see src/site/client/main.tsx) after the first paint, two
 * animation frames after the document: nothing the browser fetches for it competes with the page
 * being shown on a slow connection.
 */
function afterPaint(assets: ClientAssets): string {
  if (!assets.script) return '';
  const load = { preload: assets.preload, script: assets.script };
  return (
    `<script type="module">const l=${scriptJson(load)};requestAnimationFrame(()=>requestAnimationFrame(()=>{` +
    `for(const h of l.preload){const e=document.createElement('link');e.rel='modulepreload';e.href=h;document.head.append(e)}` +
    `import(l.script)}))</script>`
  );
}
