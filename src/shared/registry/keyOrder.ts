import type { JsonSchema } from './jsonSchema';
import type { SchemaResolver } from './resolve';

/**
 * Objects whose key order matters (`x-ordered`, e.g. a form's fields). jsonb keeps object keys ordered
 * by length, then bytes, not as written: the order is kept beside the object, in the sibling `x-order`.
 */
export const ORDER_KEY = 'x-order';

const MAX_DEPTH = 32;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The keys of `object` in `order` (the recorded `x-order`): the ones it names first, then the others in
 * their own order. Without a list (stored before the order was recorded) the object's own order.
 */
export function orderedKeys(object: Record<string, unknown>, order: unknown): string[] {
  const keys = Object.keys(object);
  if (!Array.isArray(order)) return keys;
  const named = [
    ...new Set(order.filter((key): key is string => typeof key === 'string' && Object.hasOwn(object, key))),
  ];
  return [...named, ...keys.filter((key) => !named.includes(key))];
}

/** Calls `visit(holder, name)` for every object in `value` that its schema marks `x-ordered`, outermost first. */
function forEachOrdered(
  schema: JsonSchema,
  baseId: string | undefined,
  value: unknown,
  resolver: SchemaResolver,
  visit: (holder: Record<string, unknown>, name: string) => void,
  depth = 0,
): void {
  if (depth > MAX_DEPTH || !value || typeof value !== 'object') return;
  const { schema: resolved, baseId: base } = resolver.deref(schema, baseId);
  if (Array.isArray(value)) {
    if (resolved.items)
      for (const item of value) forEachOrdered(resolved.items, base, item, resolver, visit, depth + 1);
    return;
  }
  for (const name of Object.keys(value)) {
    const property =
      resolved.properties && Object.hasOwn(resolved.properties, name)
        ? resolved.properties[name]
        : isObject(resolved.additionalProperties)
          ? resolved.additionalProperties
          : undefined;
    if (!property) continue;
    const holder = value as Record<string, unknown>;
    if (isObject(holder[name]) && resolver.deref(property, base).schema['x-ordered'] === true) visit(holder, name);
    forEachOrdered(property, base, holder[name], resolver, visit, depth + 1);
  }
}

/** Before a write: records the written key order of every `x-ordered` object in its sibling `x-order`. */
export function recordKeyOrder(
  schema: JsonSchema,
  value: unknown,
  resolver: SchemaResolver,
  baseId: string | undefined = schema.$id,
): void {
  forEachOrdered(schema, baseId, value, resolver, (holder, name) => {
    holder[ORDER_KEY] = Object.keys(holder[name] as Record<string, unknown>);
  });
}

/**
 * After a read: every `x-ordered` object rebuilt with its keys in the recorded order, so that clients
 * (and what they send back) see them as written. Changes `value` in place.
 */
export function restoreKeyOrder(
  schema: JsonSchema,
  value: unknown,
  resolver: SchemaResolver,
  baseId: string | undefined = schema.$id,
): void {
  forEachOrdered(schema, baseId, value, resolver, (holder, name) => {
    const object = holder[name] as Record<string, unknown>;
    if (!Array.isArray(holder[ORDER_KEY])) return;
    holder[name] = Object.fromEntries(orderedKeys(object, holder[ORDER_KEY]).map((key) => [key, object[key]]));
  });
}
