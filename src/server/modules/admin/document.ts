import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  earlyRequestsCode,
  inlineJson,
  PRELOAD_ELEMENT_ID,
  type AdminPreload,
  type EarlyRequest,
} from '../../../shared/api/earlyRequests';
import { ADMIN_LOGIN_KEY } from '../../../shared/rules/constants';
import { criticalCss } from '../../css/criticalCss';

/**
 * The admin's HTML document, the one place that knows its shape: the built `index.html` (Vite's
 * output) is split once into its parts, and every answer of `/_` is written from those parts plus
 * what goes into them (the app chunk's preload from the build manifest, early requests, a
 * prerendered page).
 */
export interface AdminTemplate {
  /** What the build manifest adds (see `buildTags`). */
  tags: BuildTags;
  /** Everything before `<title>`. */
  start: string;
  title: string;
  /** From after `</title>` to the root element (the build's tags, the entry script among them). */
  head: string;
  /** From after the root element to the end. */
  end: string;
  /** The entry script's tag and URL, when the build has one. */
  entry?: { tag: string; src: string };
  /** The build's `modulepreload` links in `head`: their tags and URLs. */
  modulePreloads: { tag: string; href: string }[];
  /** The build's stylesheet links in `head`: their tags and URLs. */
  stylesheets: { tag: string; href: string }[];
  /** The rules of the stylesheets a markup uses (see `criticalCss`); without it, pages link the stylesheets. */
  criticalCss?: (markup: string) => string;
}

const TITLE = /<title>([^<]*)<\/title>/;
const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/** Splits the built `index.html`; a build without a title or root element is an error, not a silent miss. */
export function parseAdminTemplate(
  html: string,
  tags: BuildTags = { app: [] },
  criticalCss?: AdminTemplate['criticalCss'],
): AdminTemplate {
  const title = TITLE.exec(html);
  const root = html.indexOf(ROOT);
  if (!title || root < 0) throw new Error('The admin index.html has no <title> or no <div id="root"></div>');
  const head = html.slice(title.index + title[0].length, root);
  const entry = ENTRY_SCRIPT.exec(head);
  return {
    tags,
    start: html.slice(0, title.index),
    title: title[1],
    head,
    end: html.slice(root + ROOT.length),
    entry: entry ? { tag: entry[0], src: entry[1] } : undefined,
    modulePreloads: [...head.matchAll(MODULE_PRELOAD)].map((match) => ({ tag: match[0], href: match[1] })),
    stylesheets: [...head.matchAll(STYLESHEET)].map((match) => ({ tag: match[0], href: match[1] })),
    criticalCss,
  };
}

/** What goes into one answer. */
export interface AdminDocumentParts {
  /** The document title (default: the template's). */
  title?: string;
  /** The first API calls, started by an inline script with the stored login (see `earlyRequests`). */
  early?: EarlyRequest[];
  /** A page the server rendered, with the data it rendered from. */
  page?: { markup: string; preload: AdminPreload };
  /**
   * The nonce of the answer's Content-Security-Policy: the inline scripts written here carry it, so
   * only they run (markup that slipped into a prerendered page does not).
   */
  nonce?: string;
}

/**
 * The admin document. Without a page, the early requests start from the head and the entry script
 * loads as built. With a page, the markup goes into the root and the preload after it, and nothing
 * but the markup is asked for before the first paint: the rules the markup uses are inlined (with a
 * critical-CSS function, which leaves out the font faces: the rows paint in the fallback font, and
 * the interface font swaps in with the stylesheet), and the stylesheet, the early requests, the
 * modules' downloads and the entry start once that paint is on screen, so the browser waits for no
 * other request (nor spends time on code or on a font) before it shows the page.
 */
export function renderAdminDocument(template: AdminTemplate, parts: AdminDocumentParts = {}): string {
  const { start, head, end, entry, tags } = template;
  const title = `<title>${escapeHtml(parts.title ?? template.title)}</title>`;
  const { page, early = [] } = parts;
  const script = (code: string) =>
    `<script${parts.nonce ? ` nonce="${escapeHtml(parts.nonce)}"` : ''}>${code}</script>`;
  if (!page) {
    const appPreload = tags.app.length
      ? script(
          `try{if(localStorage.getItem(${inlineJson(ADMIN_LOGIN_KEY)}))for(const f of ${inlineJson(tags.app)}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.append(l)}}catch{}`,
        )
      : '';
    return `${start}${title}${early.length ? script(earlyRequestsCode(early)) : ''}${appPreload}${fontPreload(tags)}${head}${ROOT}${end}`;
  }
  const inline = template.criticalCss;
  const later = inline ? template.stylesheets : [];
  const modules = [...template.modulePreloads.map((link) => link.href), ...tags.app];
  const afterPaint = [
    later.length
      ? `${inlineJson(later.map((link) => link.href))}.forEach(function(f){var l=document.createElement("link");l.rel="stylesheet";l.crossOrigin="";l.href=f;document.head.appendChild(l)});`
      : '',
    early.length ? `${earlyRequestsCode(early)};` : '',
    `${inlineJson([...new Set(modules)])}.forEach(function(f){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=f;document.head.appendChild(l)});`,
    entry
      ? `var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${inlineJson(entry.src)};document.head.appendChild(s)`
      : '',
  ].join('');
  const paintFirst = [
    entry?.tag ?? '',
    ...template.modulePreloads.map((link) => link.tag),
    ...later.map((link) => link.tag),
  ].reduce((rest, tag) => rest.replace(tag, ''), head);
  const styles = inline
    ? `<style>${inline(page.markup)}</style><noscript>${template.stylesheets.map((link) => link.tag).join('')}</noscript>`
    : '';
  const root = `<div id="root" aria-busy="true">${page.markup}</div><script type="application/json" id="${PRELOAD_ELEMENT_ID}">${inlineJson(page.preload)}</script>${script(afterFirstPaint(afterPaint))}`;
  return `${start}${title}${inline ? '' : fontPreload(tags)}${styles}${paintFirst}${root}${end}`;
}

/**
 * Runs `code` once the browser reports the page's first paint (a `paint` performance entry, which
 * comes when the frame was presented, not merely drawn), or after AFTER_PAINT_LIMIT_MS at the
 * latest (a browser without paint timing, a tab in the background): the code's downloads and
 * compiling do not compete with getting the page on screen.
 */
const afterFirstPaint = (code: string) =>
  `(function(){var d=false;function go(){if(d)return;d=true;${code}}try{new PerformanceObserver(function(l,o){o.disconnect();setTimeout(go)}).observe({type:"paint",buffered:true})}catch(e){}setTimeout(go,${AFTER_PAINT_LIMIT_MS})})()`;
const AFTER_PAINT_LIMIT_MS = 1000;

const fontPreload = ({ font }: BuildTags) =>
  font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(font)}">` : '';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The admin's HTML entry inside the client build (see CLIENT_ENTRIES in vite.config.ts). */
export const ADMIN_HTML = 'src/admin/index.html';
/** The logged-in part of the admin, loaded with a dynamic import (the login screen does not need it). */
const ADMIN_APP = 'src/admin/AdminApp.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  assets?: string[];
}

/** What the build manifest adds to the document. */
export interface BuildTags {
  /** The logged-in app chunk and its imports, preloaded when a login is stored (the login screen does not need them). */
  app: string[];
  /** The Latin subset of the interface font, asked for with the stylesheet, not once text is laid out. */
  font?: string;
}

export function buildTags(manifest: Record<string, ManifestChunk>): BuildTags {
  const app = manifest[ADMIN_APP];
  const font = manifest[ADMIN_HTML]?.assets?.find((file) => /\/inter-latin-wght-normal-[^/]+\.woff2$/.test(file));
  return {
    app: app ? [app.file, ...(app.imports ?? []).flatMap((key) => manifest[key]?.file ?? [])].map((f) => `/${f}`) : [],
    font: font ? `/${font}` : undefined,
  };
}

/**
 * The built admin template with the manifest's tags, read from `clientDir` and read again when the
 * build changes; undefined while there is no build.
 */
export function adminTemplateLoader(clientDir: string): () => AdminTemplate | undefined {
  const htmlFile = path.join(clientDir, ADMIN_HTML);
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  let cached: { mtime: number; template: AdminTemplate } | undefined;
  return () => {
    if (!existsSync(htmlFile)) return undefined;
    const mtime = statSync(htmlFile).mtimeMs;
    if (cached?.mtime === mtime) return cached.template;
    const manifest = existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
      : {};
    const html = readFileSync(htmlFile, 'utf8');
    const stylesheet = [...html.matchAll(STYLESHEET)]
      .map(([, href]) => path.join(clientDir, href))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    cached = {
      mtime,
      template: parseAdminTemplate(
        html,
        buildTags(manifest),
        stylesheet ? criticalCss(stylesheet, { fontFaces: false }) : undefined,
      ),
    };
    return cached.template;
  };
}
