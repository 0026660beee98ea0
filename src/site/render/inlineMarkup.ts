/**
 * Parser for the inline text format of spec section 3: **bold**, *italic*, ~~strikethrough~~, `code`,
 * [label](href), a line break per newline and `> ` block quotes. Produces a tree that React renders as
 * elements, so no HTML from the text ever reaches the page. Unmatched markers stay literal text.
 */
export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: InlineNode[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; external: boolean; children: InlineNode[] }
  | { type: 'break' };

export interface TextBlock {
  type: 'paragraph' | 'quote';
  children: InlineNode[];
}

const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The address of a link if it is safe to put in href: http(s), mailto, tel, or a relative address.
 * Anything else with a scheme (javascript:, data:, vbscript: ...) gives null. Control characters and
 * whitespace that browsers ignore inside schemes are removed before checking.
 */
export function safeHref(href: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!cleaned) return null;
  if (HAS_SCHEME.test(cleaned) && !SAFE_SCHEME.test(cleaned)) return null;
  return href.trim();
}

/** Addresses starting with http open in a new tab (spec section 3). */
export function isExternalHref(href: string): boolean {
  return /^http/i.test(href);
}

const PAIRED: Array<{ marker: string; type: 'strong' | 'em' | 'del' }> = [
  { marker: '**', type: 'strong' },
  { marker: '~~', type: 'del' },
  { marker: '*', type: 'em' },
];

function pushText(nodes: InlineNode[], text: string): void {
  if (!text) return;
  const last = nodes[nodes.length - 1];
  if (last?.type === 'text') last.text += text;
  else nodes.push({ type: 'text', text });
}

/** Index of the closing `marker` after `from`, skipping a `*` that is half of `**`; -1 when none. */
function findClosing(text: string, marker: string, from: number): number {
  let index = text.indexOf(marker, from);
  while (index !== -1) {
    const doubled = marker === '*' && (text[index + 1] === '*' || text[index - 1] === '*');
    if (index > from && !doubled) return index;
    index = text.indexOf(marker, index + (doubled ? 2 : 1));
  }
  return -1;
}

/** Inline formatting of one line. `inLink` prevents links inside link labels. */
export function parseInline(text: string, inLink = false): InlineNode[] {
  const nodes: InlineNode[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\' && i + 1 < text.length && /[*~`[\]()\\>]/.test(text[i + 1])) {
      pushText(nodes, text[i + 1]);
      i += 2;
      continue;
    }
    if (char === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        nodes.push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (char === '[' && !inLink) {
      const link = /^\[([^\]]+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)/.exec(text.slice(i));
      if (link) {
        const href = safeHref(link[2]);
        const children = parseInline(link[1], true);
        if (href) nodes.push({ type: 'link', href, external: isExternalHref(href), children });
        else nodes.push(...children);
        i += link[0].length;
        continue;
      }
    }
    const paired = PAIRED.find(({ marker }) => text.startsWith(marker, i));
    if (paired) {
      const start = i + paired.marker.length;
      const end = findClosing(text, paired.marker, start);
      // Markers must hug their content: "2 * 3 * 4" stays literal.
      if (end > start && !/\s/.test(text[start]) && !/\s/.test(text[end - 1])) {
        nodes.push({ type: paired.type, children: parseInline(text.slice(start, end), inLink) });
        i = end + paired.marker.length;
        continue;
      }
      pushText(nodes, paired.marker);
      i = start;
      continue;
    }
    pushText(nodes, char);
    i += 1;
  }
  return nodes;
}

/** Splits text into paragraphs and block quotes (consecutive `> ` lines); newlines inside a block become breaks. */
export function parseInlineText(text: string | undefined | null): TextBlock[] {
  if (!text) return [];
  const blocks: TextBlock[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const quote = /^>\s?/.exec(line);
    const type = quote ? 'quote' : 'paragraph';
    const content = parseInline(quote ? line.slice(quote[0].length) : line);
    const last = blocks[blocks.length - 1];
    if (last?.type === type) {
      last.children.push({ type: 'break' }, ...content);
    } else {
      blocks.push({ type, children: content });
    }
  }
  return blocks;
}

/** A class that keeps a phone number on one line: "061 555 00 00" broken after "555" is misread. */
export function phoneLinkClass(href: string | undefined): string {
  return href && /^tel:/i.test(href) ? 'whitespace-nowrap' : '';
}
