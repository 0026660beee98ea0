import postcss, { type ChildNode, type Container } from 'postcss';

/**
 * The part of the site's stylesheet a rendered page needs for its first paint: every rule whose
 * selector can match, judged by the class names it asks for. A page inlines only that (a few kB
 * instead of the whole stylesheet); the whole stylesheet follows after the first paint, for what
 * the browser adds later (menus opening, client-side navigation). Conservative by design: a rule
 * is dropped only when one of the classes its selector requires is absent from the page.
 */
export function criticalCss(css: string): (html: string) => string {
  const root = postcss.parse(css);
  const requirements: Requirements = new WeakMap();
  root.walkRules((rule) => {
    requirements.set(
      rule,
      rule.selectors.map((selector) => requiredClasses(selector)),
    );
  });
  const cache = new Map<string, string>();
  return (html) => {
    const present = pageClasses(html);
    const key = [...present].sort().join(' ');
    let text = cache.get(key);
    if (text === undefined) {
      const copy = root.clone();
      prune(copy, root, requirements, present);
      text = copy.toString();
      if (cache.size >= 200) cache.delete(cache.keys().next().value!);
      cache.set(key, text);
    }
    return text;
  };
}

type Requirements = WeakMap<ChildNode, string[][]>;

/**
 * Walks a clone and its original side by side (the same shape; requirements are known for the
 * original's nodes), removing the rules and selectors that cannot match and the blocks left empty.
 * Keyframes and font faces stay whole.
 */
function prune(copy: Container, original: Container, requirements: Requirements, present: Set<string>) {
  const originals = original.nodes ?? [];
  [...(copy.nodes ?? [])].forEach((node, index) => {
    const source = originals[index];
    if (node.type === 'rule') {
      const needs = requirements.get(source);
      if (!needs) return;
      const selectors = node.selectors.filter((_, i) => needs[i].every((name) => present.has(name)));
      if (selectors.length === 0) node.remove();
      else if (selectors.length < node.selectors.length) node.selectors = selectors;
    } else if (node.type === 'atrule' && node.nodes && !/keyframes$/i.test(node.name) && node.name !== 'font-face') {
      prune(node, source as Container, requirements, present);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/** The class names present in rendered HTML (`class="..."` attributes, entities decoded). */
export function pageClasses(html: string): Set<string> {
  const present = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(match[1]).split(/\s+/)) if (name) present.add(name);
  }
  return present;
}

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
