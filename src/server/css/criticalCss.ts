import postcss, { type AtRule, type ChildNode, type Container, type Root } from 'postcss';

/**
 * The part of a stylesheet a rendered page needs for its first paint (the site's pages, the admin's
 * prerendered lists): every rule whose
 * selector can match, judged by the class names it asks for, and the custom properties those rules
 * read (Tailwind's theme and `@property` registrations are mostly unread on any one page). A page
 * inlines only that for the markup of its first screen (a few kB instead of the whole stylesheet);
 * the whole stylesheet follows after the first paint, for the rest of the page and for what the
 * browser adds later (menus opening, client-side navigation). Conservative by design: a rule is
 * dropped only when one of the classes its selector requires is absent from the markup, a custom
 * property only when nothing kept (nor an inline style of the markup) reads it.
 * With `fontFaces: false` no `@font-face` is kept: the text paints in the fallback font first, and
 * the web font follows with the whole stylesheet (`font-display: swap` either way).
 */
export function criticalCss(css: string, { fontFaces = true }: { fontFaces?: boolean } = {}): (html: string) => string {
  const root = postcss.parse(css);
  const requirements: Requirements = new WeakMap();
  root.walkRules((rule) => {
    requirements.set(
      rule,
      rule.selectors.map((selector) => ({ classes: requiredClasses(selector), tags: requiredTags(selector) })),
    );
  });
  const ranges: (string | undefined)[] = [];
  root.walkAtRules('font-face', (face) => {
    ranges.push(unicodeRange(face));
  });
  const facesOf = (text: string) => (fontFaces ? fontFacesFor(ranges, text) : new Set<number>());
  const cache = new Map<string, string>();
  return (html) => {
    const shown = shownMarkup(html);
    const present: Present = { classes: pageClasses(shown), tags: pageTags(shown) };
    const read = variablesRead(html);
    const faces = facesOf(shownText(shown));
    const key = [present.classes, present.tags, read, faces].map((names) => [...names].sort().join(' ')).join('|');
    let text = cache.get(key);
    if (text === undefined) {
      const copy = root.clone();
      prune(copy, root, requirements, present);
      withoutTransitions(copy);
      pruneVariables(copy, read);
      registrationsAsFallback(copy);
      pruneFontFaces(copy, faces);
      text = copy.toString();
      if (cache.size >= 200) cache.delete(cache.keys().next().value!);
      cache.set(key, text);
    }
    return text;
  };
}

interface Needs {
  classes: string[];
  tags: string[];
}
type Requirements = WeakMap<ChildNode, Needs[]>;
interface Present {
  classes: Set<string>;
  tags: Set<string>;
}

/**
 * Walks a clone and its original side by side (the same shape; requirements are known for the
 * original's nodes), removing the rules and selectors that cannot match and the blocks left empty.
 * Keyframes and font faces stay whole.
 */
function prune(copy: Container, original: Container, requirements: Requirements, present: Present) {
  const originals = original.nodes ?? [];
  [...(copy.nodes ?? [])].forEach((node, index) => {
    const source = originals[index];
    if (node.type === 'rule') {
      const needs = requirements.get(source);
      if (!needs) return;
      const selectors = node.selectors.filter(
        (selector, i) =>
          needs[i].classes.every((name) => present.classes.has(name)) &&
          needs[i].tags.every((name) => name.split('|').some((tag) => present.tags.has(tag))) &&
          !INTERACTION.test(selector),
      );
      if (selectors.length === 0) node.remove();
      else if (selectors.length < node.selectors.length) node.selectors = selectors;
    } else if (node.type === 'atrule' && node.nodes && !/keyframes$/i.test(node.name) && node.name !== 'font-face') {
      prune(node, source as Container, requirements, present);
      if (node.nodes.length === 0) removeBlock(node);
    }
  });
}

/**
 * Drops transitions and repeated declarations. A transition runs only when a state changes (a
 * hover, a menu opening), and the rules of those states come with the whole stylesheet, which
 * brings the transitions too; inlined, they would only animate the page from its first style to
 * its whole one when the stylesheet arrives. A declaration repeated verbatim in one rule (the
 * build prefixes some more than once) counts once.
 */
function withoutTransitions(root: Root) {
  root.walkRules((rule) => {
    if (insideKept(rule)) return;
    const seen = new Set<string>();
    for (const node of [...(rule.nodes ?? [])].reverse()) {
      if (node.type !== 'decl') continue;
      const text = `${node.prop}:${node.value}${node.important ? '!' : ''}`;
      if (/^transition(-|$)/.test(node.prop) || seen.has(text)) node.remove();
      else seen.add(text);
    }
  });
  removeEmpty(root);
}

/**
 * Removes a block left empty. A cascade layer keeps its name as a statement: the order in which
 * layers are first named decides their priority, also for the whole stylesheet that follows.
 */
function removeBlock(node: ChildNode) {
  if (node.type === 'atrule' && node.name === 'layer' && node.parent?.type === 'root')
    node.replaceWith(postcss.atRule({ name: 'layer', params: node.params }));
  else node.remove();
}

/** The custom properties a text reads (`var(--name`). */
function variablesRead(text: string, into = new Set<string>()): Set<string> {
  for (const match of text.matchAll(/var\(\s*(--[\w-]+)/g)) into.add(match[1]);
  return into;
}

/**
 * Drops the custom property declarations and `@property` registrations nothing reads: neither a
 * kept property, nor a custom property that is read (transitively), nor `read` (the markup's
 * inline styles). Blocks left empty go too.
 */
function pruneVariables(root: Root, read: Set<string>) {
  const used = new Set(read);
  const definitions = new Map<string, string[]>();
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) variablesRead(decl.value, used);
    else if (!definitions.has(decl.prop)) definitions.set(decl.prop, [decl.value]);
    else definitions.get(decl.prop)!.push(decl.value);
  });
  const pending = [...used];
  while (pending.length) {
    for (const value of definitions.get(pending.pop()!) ?? []) {
      for (const name of variablesRead(value)) {
        if (used.has(name)) continue;
        used.add(name);
        pending.push(name);
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !used.has(decl.prop) && !insideKept(decl)) decl.remove();
  });
  root.walkAtRules('property', (rule) => {
    if (!used.has(rule.params.trim())) rule.remove();
  });
  removeEmpty(root);
}

/**
 * Tailwind registers its internal custom properties with `@property` (initial values) and ships,
 * for browsers without it, the same initial values as one universal rule in its `properties`
 * layer. For the first paint that rule serves every browser: the registrations (often 2 kB) come
 * with the whole stylesheet.
 */
function registrationsAsFallback(root: Root) {
  let fallback: AtRule | undefined;
  root.each((node) => {
    if (node.type === 'atrule' && node.name === 'layer' && node.params === 'properties') fallback = node;
  });
  const supports = fallback?.nodes?.length === 1 ? fallback.nodes[0] : undefined;
  if (!fallback || supports?.type !== 'atrule' || supports.name !== 'supports') return;
  supports.replaceWith(supports.nodes ?? []);
  root.walkAtRules('property', (rule) => {
    rule.remove();
  });
}

/** The characters of the markup's text (outside tags, entities decoded). */
function shownText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''));
}

function unicodeRange(face: AtRule): string | undefined {
  let range: string | undefined;
  face.walkDecls('unicode-range', (decl) => {
    range = decl.value;
  });
  return range;
}

/** The positions of the font faces whose `unicode-range` covers a character of `text` (or that have none). */
function fontFacesFor(ranges: (string | undefined)[], text: string): Set<number> {
  const codes = [...new Set([...text].map((char) => char.codePointAt(0)!))];
  const faces = new Set<number>();
  ranges.forEach((range, index) => {
    if (!range || codes.some((code) => inUnicodeRange(range, code))) faces.add(index);
  });
  return faces;
}

/** Drops the font faces not among `keep` (positions in the stylesheet): the others load with it. */
function pruneFontFaces(root: Root, keep: Set<number>) {
  let index = 0;
  root.walkAtRules('font-face', (face) => {
    if (!keep.has(index++)) face.remove();
  });
}

/** Whether a code point lies in a `unicode-range` value (`U+0-FF, U+131, U+1F??`). */
export function inUnicodeRange(range: string, code: number): boolean {
  return range.split(',').some((part) => {
    const match = /^\s*u\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!match) return true;
    const low = parseInt(match[1].replace(/\?/g, '0'), 16);
    const high = parseInt(match[2] ?? match[1].replace(/\?/g, 'f'), 16);
    return code >= low && code <= high;
  });
}

/** Keyframes and font faces stay whole. */
function insideKept(node: ChildNode): boolean {
  for (let parent = node.parent; parent && parent.type !== 'root'; parent = (parent as ChildNode).parent)
    if (
      parent.type === 'atrule' &&
      ((parent as AtRule).name === 'font-face' || /keyframes$/i.test((parent as AtRule).name))
    )
      return true;
  return false;
}

function removeEmpty(container: Container) {
  for (const node of [...(container.nodes ?? [])]) {
    if (node.type !== 'rule' && node.type !== 'atrule') continue;
    if (!node.nodes) continue;
    removeEmpty(node);
    if (node.nodes.length === 0) removeBlock(node);
  }
}

/**
 * States only a visitor's action brings about (pointer over, focus, press): no first paint shows
 * them, and the whole stylesheet is there before anyone acts.
 */
const INTERACTION = /:(hover|focus|focus-visible|focus-within|active)\b/;

/** The class names present in rendered HTML (`class="..."` attributes, entities decoded). */
export function pageClasses(html: string): Set<string> {
  const present = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(match[1]).split(/\s+/)) if (name) present.add(name);
  }
  return present;
}

/** The element names in rendered HTML (lower case), with the document's own `html` and `body`. */
export function pageTags(html: string): Set<string> {
  const present = new Set(['html', 'body']);
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)/g)) present.add(match[1].toLowerCase());
  return present;
}

/** The markup without the elements a first paint does not show, and what they contain. */
export function shownMarkup(html: string): string {
  const tags = /<(\w+)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*\/?>/g;
  let out = '';
  let from = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    const tag = match[1].toLowerCase();
    const names = match[2].replace(/="[^"]*"/g, '').split(/\s+/);
    if (!names.includes('hidden') && !(tag === 'dialog' && !names.includes('open'))) continue;
    out += html.slice(from, match.index);
    from = elementEnd(html, match.index, tag);
    tags.lastIndex = from;
  }
  return out + html.slice(from);
}

/** Where the element starting at `start` ends (after its closing tag; nested ones of the same name counted). */
function elementEnd(html: string, start: number, tag: string): number {
  const open = html.indexOf('>', start);
  if (open < 0) return html.length;
  if (html[open - 1] === '/' || VOID.has(tag)) return open + 1;
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  tags.lastIndex = open + 1;
  let depth = 1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[1]) depth--;
    else if (!match[0].endsWith('/>')) depth++;
    if (depth === 0) return match.index + match[0].length;
  }
  return html.length;
}

const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The class names an element must carry for a selector to match it or its ancestors, unescaped.
 * Classes inside attribute selectors and inside pseudo-class arguments are not required, except
 * for a single-branch `:is()`/`:where()`, which Tailwind wraps around plain selectors.
 */
export function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  let i = 0;
  while (i < selector.length) {
    const char = selector[i];
    if (char === '\\') i += 2;
    else if (char === '[') i = closing(selector, i, '[', ']') + 1;
    else if (char === '(') {
      const end = closing(selector, i, '(', ')');
      const inner = selector.slice(i + 1, end);
      if (/:(is|where)$/.test(selector.slice(0, i)) && !hasTopLevelComma(inner))
        classes.push(...requiredClasses(inner));
      i = end + 1;
    } else if (char === '.') {
      const [name, end] = identifier(selector, i + 1);
      if (name) classes.push(name);
      i = end;
    } else i++;
  }
  return classes;
}

/**
 * The element names a selector requires (lower case), read like `requiredClasses`: type selectors
 * outside attribute selectors and pseudo-class arguments (but inside a single-branch `:is()`/`:where()`).
 */
export function requiredTags(selector: string): string[] {
  const tags: string[] = [];
  let i = 0;
  let compoundStart = true;
  while (i < selector.length) {
    const char = selector[i];
    if (char === '\\') {
      i += 2;
      compoundStart = false;
    } else if (char === '[') {
      i = closing(selector, i, '[', ']') + 1;
      compoundStart = false;
    } else if (char === '(') {
      const end = closing(selector, i, '(', ')');
      const inner = selector.slice(i + 1, end);
      if (/:(is|where)$/.test(selector.slice(0, i)) && !hasTopLevelComma(inner)) tags.push(...requiredTags(inner));
      i = end + 1;
      compoundStart = false;
    } else if (/[\s>+~]/.test(char)) {
      i++;
      compoundStart = true;
    } else if (compoundStart && /[a-zA-Z]/.test(char)) {
      const [name, end] = identifier(selector, i);
      tags.push(name.toLowerCase());
      i = end;
      compoundStart = false;
    } else {
      // Classes, ids and pseudo-classes: skip their names.
      i = /[.#:]/.test(char) ? identifier(selector, i + 1 + (selector[i + 1] === ':' ? 1 : 0))[1] : i + 1;
      compoundStart = false;
    }
  }
  // Pseudo-elements of form controls (Tailwind's preflight styles a dozen of them).
  if (tags.length === 0 && FORM_PSEUDO.test(selector)) tags.push('input|textarea');
  return tags;
}

const FORM_PSEUDO = /::(-webkit-|-moz-|file-selector-button|placeholder)/;

/** Reads a CSS identifier starting at `start`, resolving escapes; answers it and where it ends. */
function identifier(text: string, start: number): [string, number] {
  let name = '';
  let i = start;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\') {
      const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(text.slice(i + 1, i + 8));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0].trim(), 16));
        i += 1 + hex[0].length;
      } else {
        name += text[i + 1] ?? '';
        i += 2;
      }
    } else if (/[\w-]/.test(char) || char.charCodeAt(0) > 0x7f) {
      name += char;
      i++;
    } else break;
  }
  return [name, i];
}

/** The index of the bracket closing the one at `start` (quotes and escapes respected). */
function closing(text: string, start: number, open: string, close: string): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === open) depth++;
    else if (char === close && --depth === 0) return i;
  }
  return text.length;
}

function hasTopLevelComma(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) return true;
  }
  return false;
}
