import { ORDER_KEY } from '../../../shared/registry/keyOrder';

interface ObjectSchema {
  properties?: Record<string, unknown>;
}

/**
 * The value without the key order the server recorded (`x-order` beside an `x-ordered` property, e.g. a
 * form's fields): what the person edits is the keys' own order, which the server records again on save.
 * Left in, a stale list would keep the preview in the old order after the fields are reordered by hand.
 */
export function withoutRecordedOrder(schema: ObjectSchema | undefined, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, ORDER_KEY)) return value;
  const marked = Object.values(schema?.properties ?? {}).some(
    (property) =>
      !!property && typeof property === 'object' && (property as Record<string, unknown>)['x-ordered'] === true,
  );
  if (!marked) return value;
  const { [ORDER_KEY]: _recorded, ...rest } = value as Record<string, unknown>;
  return rest;
}
