import sanitizeHtml from 'sanitize-html';
import type { ModelInfo } from '../../../shared/registry';

/**
 * Rich text is sanitized where it is written, for every model: a field whose schema says
 * `x-widget: "html"` or `"richtext"` keeps its formatting (inline styles and tables too, as e-mail
 * HTML needs them) but loses scripts, event handlers, frames, forms and unsafe URL schemes.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'html',
    'head',
    'body',
    'title',
    'meta',
    'img',
    'span',
    'font',
    'center',
    'del',
    's',
    'u',
    'sub',
    'sup',
    'small',
    'big',
    'hr',
    'br',
  ],
  allowedAttributes: {
    '*': [
      'style',
      'class',
      'id',
      'title',
      'lang',
      'dir',
      'align',
      'valign',
      'width',
      'height',
      'bgcolor',
      'border',
      'cellpadding',
      'cellspacing',
      'colspan',
      'rowspan',
      'role',
      'aria-*',
    ],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'alt', 'loading'],
    meta: ['charset', 'name', 'content'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
  allowProtocolRelative: false,
  // Keep a full e-mail document (html, head, body) as written, minus what is not allowed.
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
};

export function sanitizeRichHtml(html: string): string {
  const doctype = /^\s*<!doctype html>/i.test(html) ? '<!doctype html>' : '';
  return doctype + sanitizeHtml(html, OPTIONS);
}

const isRichText = (widget: unknown) => widget === 'html' || widget === 'richtext';

/** Sanitizes the rich-text fields of a document about to be written, in place. */
export function sanitizeRichText(model: ModelInfo, doc: Record<string, unknown>): void {
  for (const field of model.fields) {
    const value = doc[field.name];
    if (isRichText(field.widget) && typeof value === 'string') doc[field.name] = sanitizeRichHtml(value);
  }
}
