import type { API, InlineTool, BlockTool, BlockToolConstructorOptions } from '@editorjs/editorjs';

/**
 * The Editor.js tools the inline text format needs beyond bold, italic and link (built in):
 * strikethrough and inline code as inline tools, and a block quote block. Each keeps to the HTML
 * inlineHtml.ts converts (s, code.inline-code).
 */
function wrapTool(tag: 'S' | 'CODE', title: string, icon: string, className?: string) {
  return class WrapTool implements InlineTool {
    static isInline = true;
    static title = title;
    static get sanitize() {
      return { [tag.toLowerCase()]: className ? { class: className } : {} };
    }
    private api: API;
    private button: HTMLButtonElement | null = null;
    constructor({ api }: { api: API }) {
      this.api = api;
    }
    render() {
      const button = document.createElement('button');
      button.type = 'button';
      button.innerHTML = icon;
      button.title = title;
      button.setAttribute('aria-label', title);
      button.classList.add(this.api.styles.inlineToolButton);
      this.button = button;
      return button;
    }
    surround(range: Range | null) {
      if (!range) return;
      const existing = this.api.selection.findParentTag(tag, className);
      if (existing) {
        this.api.selection.expandToTag(existing);
        const selection = window.getSelection();
        const current = selection?.getRangeAt(0);
        if (!selection || !current) return;
        const contents = current.extractContents();
        existing.remove();
        current.insertNode(contents);
        selection.removeAllRanges();
        selection.addRange(current);
        return;
      }
      const wrapper = document.createElement(tag);
      if (className) wrapper.className = className;
      wrapper.append(range.extractContents());
      range.insertNode(wrapper);
      this.api.selection.expandToTag(wrapper);
    }
    checkState() {
      const active = !!this.api.selection.findParentTag(tag, className);
      this.button?.classList.toggle(this.api.styles.inlineToolButtonActive, active);
      return active;
    }
  };
}

const svg = (path: string) =>
  `<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`;

export const StrikeTool = wrapTool(
  'S',
  'Strikethrough',
  svg('<path d="M16 4H9a3 3 0 0 0-2.83 4"/><path d="M14 12a4 4 0 0 1 0 8H6"/><line x1="4" x2="20" y1="12" y2="12"/>'),
);
export const InlineCodeTool = wrapTool(
  'CODE',
  'Inline code',
  svg('<polyline points="16 18 22 12 16 6"/><polyline points="8 6 2 12 8 18"/>'),
  'inline-code',
);

/** A block quote: one editable block whose lines are stored as `> ` lines. */
export class QuoteTool implements BlockTool {
  static get toolbox() {
    return {
      title: 'Quote',
      icon: svg(
        '<path d="M3 21c3 0 7-1 7-8V5c0-1.25-.76-2-2-2H4c-1.25 0-2 .75-2 2v6c0 1.25.75 2 2 2h3c0 4-2 6-4 6z"/><path d="M15 21c3 0 7-1 7-8V5c0-1.25-.76-2-2-2h-4c-1.25 0-2 .75-2 2v6c0 1.25.75 2 2 2h3c0 4-2 6-4 6z"/>',
      ),
    };
  }
  static get conversionConfig() {
    return { export: 'text', import: 'text' };
  }
  static get sanitize() {
    return { text: { br: true } };
  }
  static get enableLineBreaks() {
    return false;
  }
  private text: string;
  private readOnly: boolean;
  constructor({ data, readOnly }: BlockToolConstructorOptions<{ text?: string }>) {
    this.text = data?.text ?? '';
    this.readOnly = readOnly;
  }
  static get isReadOnlySupported() {
    return true;
  }
  render() {
    const element = document.createElement('blockquote');
    element.className = 'rich-quote';
    element.contentEditable = this.readOnly ? 'false' : 'true';
    element.innerHTML = this.text;
    return element;
  }
  save(element: HTMLElement) {
    return { text: element.innerHTML };
  }
}
