import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { inlineJson, PRELOAD_ELEMENT_ID, type AdminPreload } from '../../../shared/api/earlyRequests';
import { ADMIN_LOGIN_KEY } from '../../../shared/rules/constants';

/**
 * The admin's HTML document, the one place that knows its shape: the built `index.html` (Vite's
 * output) is split once into its parts, and every answer of `/_` is written from those parts plus
 * what goes into them (the app chunk's preload from the build manifest, early requests, a
 * prerendered page).
 */
export interface AdminTemplate {
  /** Tags from the build manifest, placed after the title (see `buildTags`). */
  tags: string;
  /** Everything before `<title>`. */
  start: string;
  title: string;
  /** From after `</title>` to the root element (the build's tags, the entry script among them). */
  head: string;
  /** From after the root element to the end. */
  end: string;
  /** The entry script's tag and URL, when the build has one. */
  entry?: { tag: string; src: string };
}

const TITLE = /<title>([^<]*)<\/title>/;
const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** Splits the built `index.html`; a build without a title or root element is an error, not a silent miss. */
export function parseAdminTemplate(html: string, tags = ''): AdminTemplate {
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
  };
}

/** What goes into one answer. */
export interface AdminDocumentParts {
  /** The document title (default: the template's). */
  title?: string;
  /** Tags right after the title (the early-request script). */
  head?: string;
  /** A page the server rendered, with the data it rendered from. */
  page?: { markup: string; preload: AdminPreload };
}

/**
 * The admin document. Without a page, the entry script loads as built. With a page, the markup goes
 * into the root and the preload after it, and the entry script starts after the first paint (its
 * modules still download at once, through the modulepreload links), so the browser shows the page
 * before it spends its time on the code.
 */
export function renderAdminDocument(template: AdminTemplate, parts: AdminDocumentParts = {}): string {
  const { start, head, end, entry } = template;
  const title = `<title>${escapeHtml(parts.title ?? template.title)}</title>${parts.head ?? ''}${template.tags}`;
  const { page } = parts;
  if (!page) return `${start}${title}${head}${ROOT}${end}`;
  const startLater = entry
    ? `<script>requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${inlineJson(entry.src)};document.head.appendChild(s)})})</script>`
    : '';
  const root = `<div id="root" aria-busy="true">${page.markup}</div><script type="application/json" id="${PRELOAD_ELEMENT_ID}">${inlineJson(page.preload)}</script>${startLater}`;
  return `${start}${title}${entry ? head.replace(entry.tag, '') : head}${root}${end}`;
}

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

/**
 * What the build adds to the document: when a login is stored, a tiny inline script preloads the
 * app chunk and its imports in parallel with the entry (before the stylesheet, which would hold an
 * inline script back); and the Latin subset of the interface font is asked for with the stylesheet,
 * not once text is laid out.
 */
export function buildTags(manifest: Record<string, ManifestChunk>): string {
  const app = manifest[ADMIN_APP];
  const entry = manifest[ADMIN_HTML];
  let tags = '';
  if (app) {
    const files = [app.file, ...(app.imports ?? []).flatMap((key) => manifest[key]?.file ?? [])].map((f) => `/${f}`);
    tags += `<script>try{if(localStorage.getItem(${inlineJson(ADMIN_LOGIN_KEY)}))for(const f of ${inlineJson(files)}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.append(l)}}catch{}</script>`;
  }
  const font = entry?.assets?.find((file) => /\/inter-latin-wght-normal-[^/]+\.woff2$/.test(file));
  if (font) tags += `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${escapeHtml(font)}">`;
  return tags;
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
    cached = { mtime, template: parseAdminTemplate(readFileSync(htmlFile, 'utf8'), buildTags(manifest)) };
    return cached.template;
  };
}
