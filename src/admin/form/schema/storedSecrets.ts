import type { JsonSchema } from '../../../shared/registry';

/**
 * The form schema of a saved document: its secrets (`x-secret`, a password) are not required there.
 * The server never sends them and keeps the stored one when the field stays empty, so only a new
 * document must have them.
 */
export function storedSecretsOptional(schema: JsonSchema): JsonSchema {
  const properties = schema.properties ?? {};
  const required = schema.required?.filter((name) => properties[name]?.['x-secret'] === undefined);
  return required?.length === schema.required?.length ? schema : { ...schema, required };
}
