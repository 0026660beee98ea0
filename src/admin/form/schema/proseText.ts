import type { JsonSchema } from '../../../shared/registry';

/**
 * Whether a text field holds prose that the AI assistant may rewrite (a title, a description, a label).
 * A value the schema constrains is not prose: a pattern (role names, anchors), a format (e-mail, URL, date),
 * a fixed set (enum, const), a reference (`x-relation`), a secret, a read-only value; nor a field marked
 * `x-prose: false` (a ZIP code, a slot's or a form field's name).
 */
export function isProseText(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('string')) return false;
  if (schema['x-prose'] === false) return false;
  if (schema.readOnly) return false;
  return [schema.pattern, schema.format, schema.enum, schema.const, schema['x-relation'], schema['x-secret']].every(
    (constraint) => constraint === undefined,
  );
}
