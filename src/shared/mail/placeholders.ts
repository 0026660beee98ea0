import Mustache from 'mustache';
import { CONTACT_REQUEST_TEMPLATE, MAIL_SAMPLE_DATA } from '../api/mail';

/** The fields of a mail template that hold placeholders, with their labels. */
export const TEMPLATE_TEXT_FIELDS = ['subject', 'text', 'html'] as const;

/**
 * The variables a template can use: those a contact request's mail offers (MAIL_SAMPLE_DATA, which the
 * preview renders with). The server sends no other kind of mail.
 */
export const MAIL_VARIABLES: readonly string[] = Object.keys(MAIL_SAMPLE_DATA);

type Token = [string, string, number, number, Token[]?];

/**
 * The variable names a template text uses (`{{name}}`, `{{{name}}}`, `{{#name}}…{{/name}}`, `{{^name}}`), in the
 * order they first appear; `a.b` counts as `a`. A text Mustache cannot parse gives none (the preview says its error).
 */
export function templatePlaceholders(template: string): string[] {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(template) as Token[];
  } catch {
    return [];
  }
  const names = new Set<string>();
  const visit = (list: Token[]) => {
    for (const [type, value, , , children] of list) {
      if (['name', '&', '{', '#', '^'].includes(type) && value !== '.') names.add(value.split('.')[0]);
      if (children) visit(children);
    }
  };
  visit(tokens);
  return [...names];
}

/** The placeholders of a template's subject, text and HTML that no mail provides (they would render as nothing). */
export function unknownPlaceholders(
  template: Partial<Record<(typeof TEMPLATE_TEXT_FIELDS)[number], unknown>>,
  known: readonly string[] = MAIL_VARIABLES,
): string[] {
  const used = TEMPLATE_TEXT_FIELDS.flatMap((field) =>
    typeof template[field] === 'string' ? templatePlaceholders(template[field]) : [],
  );
  return [...new Set(used)].filter((name) => !known.includes(name));
}

/** Templates whose variables the server knows (it builds their data itself): an unknown placeholder is refused. */
export const TEMPLATES_WITH_KNOWN_VARIABLES: readonly string[] = [CONTACT_REQUEST_TEMPLATE];
