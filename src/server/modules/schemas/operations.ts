import type { Registry, JsonSchema } from '../../../shared/registry';
import { hasAccess, holdsAnyRole, type Caller } from '../../access/caller';

/** A model schema without the fields the caller may not see (`x-roles`, secrets stay as write-only fields). */
function visibleModelSchema(schema: JsonSchema, caller: Caller): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([, field]) => holdsAnyRole(caller, field['x-roles'])),
  );
  return { ...schema, properties };
}

/**
 * The schema set the admin builds its screens from: models the caller may read (or owns a document
 * of, like their own user), every element and value type. Anonymous callers get only public models.
 */
export function visibleSchemas(registry: Registry, caller: Caller) {
  const models: Record<string, JsonSchema> = {};
  for (const model of Object.values(registry.models)) {
    const { read, create, update } = model.permission;
    const ownsSome = Boolean(caller.user && model.owner);
    if (hasAccess(caller, read) || hasAccess(caller, create) || hasAccess(caller, update) || ownsSome) {
      models[model.name] = visibleModelSchema(registry.schemas.models[model.name], caller);
    }
  }
  return { models, elements: registry.schemas.elements, values: registry.schemas.values };
}
