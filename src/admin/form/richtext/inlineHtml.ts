import { parseInlineText, type InlineNode } from '../../../site/render/inlineMarkup';

/**
 * Conversion between the inline text format of spec section 3 (**bold**, *italic*, ~~strike~~,
 * `code`, [label](href), line breaks, `> ` quotes) and the blocks of Editor.js (paragraph and quote
 * blocks holding inline HTML: b, i, s, code, a, br). Text stays in the inline format, so the public
 * renderer is unchanged; HTML exists only inside the editor.
 */
export interface RichBlock {
  type: 'paragraph' | 'quote';
  data: { text: string };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeHtml(text).replace(/"/g, '&quot;');

function nodeHtml(node: InlineNode): string {
  switch (node.type) {
    case 'text':
      return escapeHtml(node.text);
    case 'strong':
      return `<b>${node.children.map(nodeHtml).join('')}</b>`;
    case 'em':
      return `<i>${node.children.map(nodeHtml).join('')}</i>`;
    case 'del':
      return `<s>${node.children.map(nodeHtml).join('')}</s>`;
    case 'code':
      return `<code class="inline-code">${escapeHtml(node.text)}</code>`;
    case 'link':
      return `<a href="${escapeAttr(node.href)}">${node.children.map(nodeHtml).join('')}</a>`;
    case 'break':
      return '<br>';
  }
}

export function inlineToBlocks(text: string | undefined | null): RichBlock[] {
  return parseInlineText(text ?? '').map((block) => ({
    type: block.type,
    data: { text: block.children.map(nodeHtml).join('') },
  }));
}

/** Literal characters that would otherwise start formatting. */
const escapeText = (text: string) => text.replace(/[\\*`[]/g, (c) => `\\${c}`).replace(/~~/g, '\\~\\~');

/** Markers must hug their content: spaces at the edges go outside. */
function wrap(marker: string, inner: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  return match[2] ? `${match[1]}${marker}${match[2]}${marker}${match[3]}` : inner;
}

/** The children's inline text; neighbouring text nodes count as one (a live editor may split a text anywhere). */
function serializeChildren(parent: Node): string {
  let out = '';
  let text = '';
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      text += child.textContent ?? '';
      continue;
    }
    if (text) out += escapeText(text.replace(/\u00a0/g, ' '));
    text = '';
    out += serialize(child);
  }
  return text ? out + escapeText(text.replace(/\u00a0/g, ' ')) : out;
}

function serialize(node: Node): string {
  if (node.nodeType === 3) return escapeText((node.textContent ?? '').replace(/\u00a0/g, ' '));
  if (node.nodeType !== 1) return '';
  const element = node as Element;
  const inner = () => serializeChildren(element);
  switch (element.tagName.toLowerCase()) {
    case 'b':
    case 'strong':
      return wrap('**', inner());
    case 'i':
    case 'em':
      return wrap('*', inner());
    case 's':
    case 'del':
    case 'strike':
      return wrap('~~', inner());
    case 'code': {
      const code = (element.textContent ?? '').replace(/`/g, "'");
      return code ? `\`${code}\`` : '';
    }
    case 'a': {
      const href = (element.getAttribute('href') ?? '').trim().replace(/[()\s]/g, encodeURIComponent);
      const label = inner();
      return href && label ? `[${label}](${href})` : label;
    }
    case 'br':
      return '\n';
    case 'div':
    case 'p':
      return `${inner()}\n`;
    default:
      return inner();
  }
}

/** The inline text of an element's content: an editor's block read from its live DOM, without HTML in between. */
export function nodesToInline(parent: Node): string {
  return serializeChildren(parent).replace(/\n+$/, '');
}

/** Inline HTML of one block to inline text (a `template` element parses it without running anything). */
export function htmlToInline(html: string, doc: Document = document): string {
  const template = doc.createElement('template');
  template.innerHTML = html;
  return nodesToInline(template.content);
}

function joinBlocks(blocks: readonly { type: RichBlock['type']; text: string }[]): string {
  const lines: string[] = [];
  for (const { type, text } of blocks) {
    if (!text.trim()) continue;
    for (const line of text.split('\n')) {
      if (type === 'quote') lines.push(`> ${line}`);
      else lines.push(line.startsWith('>') ? `\\${line}` : line);
    }
  }
  return lines.join('\n');
}

export function blocksToInline(blocks: readonly RichBlock[], doc: Document = document): string {
  return joinBlocks(blocks.map((block) => ({ type: block.type, text: htmlToInline(block.data?.text ?? '', doc) })));
}

/** The same as `blocksToInline` of the blocks' HTML, read from the blocks' elements. */
export function elementsToInline(blocks: readonly { type: RichBlock['type']; element: Node | null }[]): string {
  return joinBlocks(
    blocks.map((block) => ({ type: block.type, text: block.element ? nodesToInline(block.element) : '' })),
  );
}
