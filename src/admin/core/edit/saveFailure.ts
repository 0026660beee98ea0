import type { JsonSchema } from '../../../shared/registry/jsonSchema';
import type { SchemaResolver } from '../../../shared/registry/resolve';
import type { ModelInfo } from '../../../shared/registry';

/**
 * A field's dotted error path in the words of the form: `items.0.price` → `Items › #1 › Price`
 * (titles where the schema gives them, the key otherwise).
 */
export function fieldPathLabel(model: ModelInfo, resolver: SchemaResolver, path: string): string {
  const [first, ...rest] = path.split('.');
  const field = model.fields.find((f) => f.name === first);
  if (!field) return path;
  const words = [field.label];
  let at: ReturnType<SchemaResolver['deref']> | undefined = resolver.deref(field.schema, model.schema.$id);
  for (const segment of rest) {
    const numeric = /^\d+$/.test(segment);
    const next: JsonSchema | undefined = numeric ? at?.schema.items : at?.schema.properties?.[segment];
    words.push(numeric ? `#${Number(segment) + 1}` : (next?.title ?? segment));
    at = next && resolver.deref(next, at?.baseId);
  }
  return words.join(' › ');
}

/**
 * What the SAVE button says when the server refused fields: each problem led by the field's label
 * (the API's message names the keys, `id: Number 2 is already taken`, which the form does not show).
 */
export function saveFailureMessage(
  model: ModelInfo,
  resolver: SchemaResolver,
  fields: Record<string, string>,
  fallback: string,
): string {
  const parts = Object.entries(fields).map(([path, message]) => {
    // The current password's messages (`_current.password`) say what they are about themselves.
    if (!path || path.startsWith('_current.')) return message;
    const label = fieldPathLabel(model, resolver, path);
    if (message.startsWith(label)) return message;
    return /^[a-z]/.test(message) ? `${label} ${message}` : `${label}: ${message}`;
  });
  return parts.length ? parts.join('; ') : fallback;
}
