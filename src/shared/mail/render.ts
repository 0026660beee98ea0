import Mustache from 'mustache';
import type { RenderedMail } from '../api/mail';

/**
 * Mail templates are logic-less (Mustache): variables and sections over plain data, no code, no partials.
 * In HTML every variable is escaped, also the triple-mustache and `{{& }}` forms that would insert raw HTML:
 * the values come from visitors (contact requests).
 */

type View = Record<string, unknown>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

/** Raw-output tags become escaped ones; partials (`{{> name}}`) become nothing. */
function escapedOnly(template: string): string {
  return template
    .replace(/\{\{\{\s*([^}]*?)\s*\}\}\}/g, '{{$1}}')
    .replace(/\{\{&\s*([^}]*?)\s*\}\}/g, '{{$1}}')
    .replace(/\{\{>\s*[^}]*\}\}/g, '');
}

/** Plain data only: null-prototype copies (no `{{constructor}}` reaching Object's methods), functions dropped. */
function plainView(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainView);
  if (typeof value === 'function') return undefined;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, entry] of Object.entries(value)) if (typeof entry !== 'function') copy[key] = plainView(entry);
  return copy;
}

/** Renders one template text; a broken template (unclosed section) throws with Mustache's message. */
export function renderTemplateText(template: string, view: View, html: boolean): string {
  const source = escapedOnly(template);
  return Mustache.render(
    source,
    plainView(view),
    {},
    { escape: html ? escapeHtml : (value: unknown) => String(value) },
  );
}

/**
 * Why a template text cannot be rendered (Mustache's words, with the character it stops at counted from 1), or
 * undefined when it can: an unclosed `{{#section}}` or `{{` would make every mail of the template fail.
 */
export function templateError(template: string): string | undefined {
  const source = escapedOnly(template);
  try {
    Mustache.parse(source);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // An offset at the end says nothing more than "unclosed".
    return message
      .replace(/ at (\d+)$/, (_match, at: string) =>
        Number(at) >= source.length ? '' : ` at character ${Number(at) + 1}`,
      )
      .replace(/^Unclosed tag$/, 'Unclosed tag: a {{ without its }}');
  }
}

/** A subject is one line: line breaks a variable brings become spaces. */
const subjectOf = (template: string, view: View) => renderTemplateText(template, view, false).replace(/[\r\n]+/g, ' ');

/** Subject and text as plain text, HTML with escaped variables. */
export function renderMail(template: { subject?: string; text?: string; html?: string }, view: View): RenderedMail {
  return {
    subject: subjectOf(template.subject ?? '', view),
    text: renderTemplateText(template.text ?? '', view, false),
    html: renderTemplateText(template.html ?? '', view, true),
  };
}

/** For the preview: the subject line as the mail will have it, or the template error in place of it. */
export function renderSubjectPreview(template: string, view: View): string {
  try {
    return subjectOf(template, view);
  } catch (error) {
    return `Template error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** For the preview: the rendered text, or the template error in place of it. */
export function renderPreview(template: string, view: View): string {
  try {
    return renderTemplateText(template, view, true);
  } catch (error) {
    return `<p style="font:13px sans-serif;color:#b91c1c">Template error: ${escapeHtml(error instanceof Error ? error.message : error)}</p>`;
  }
}
