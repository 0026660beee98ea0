import type { Registry, JsonSchema } from '../../../shared/registry';
import { hasAccess, holdsAnyRole, type Caller } from '../../access/caller';

/**
 * A model schema without the fields the caller may not see (`x-roles`, `x-readPermission`; secrets stay as
 * write-only fields), and
 * with those they may see but not write (`x-writePermission`) marked `readOnly`: forms show them locked.
 */
function visibleModelSchema(schema: JsonSchema, caller: Caller): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([, field]) => holdsAnyRole(caller, field['x-roles']))
      .filter(([, field]) => field['x-readPermission'] === undefined || hasAccess(caller, field['x-readPermission']))
      .map(([name, field]) => {
        const permission = field['x-writePermission'];
        return [name, permission && !hasAccess(caller, permission) ? { ...field, readOnly: true } : field];
      }),
  );
  return { ...schema, properties };
}

/**
 * The schema set the admin builds its screens from: models the caller may read (or owns a document
 * of, like their own user), every element and value type. Anonymous callers get only public models.
 * The same object for callers that see the same (so the admin's server rendering builds its registry once).
 */
export function visibleSchemas(registry: Registry, caller: Caller): VisibleSchemas {
  // What decides visibility, and nothing else: the answer is shared by every caller with the same.
  const key = [
    caller.system ? 'system' : '',
    caller.user ? 'user' : '',
    caller.almighty ? 'almighty' : '',
    [...caller.permissions].sort().join(','),
    [...caller.roles].sort().join(','),
  ].join('|');
  let byCaller = answers.get(registry);
  if (!byCaller) answers.set(registry, (byCaller = new Map()));
  let answer = byCaller.get(key);
  // A copy: the admin's server rendering hands it to its store, which freezes what it holds.
  if (!answer) byCaller.set(key, (answer = structuredClone(computeVisibleSchemas(registry, caller))));
  return answer;
}

export type VisibleSchemas = ReturnType<typeof computeVisibleSchemas>;

/** Answers by registry and by what decides visibility (few combinations: the roles in use); never changed once made. */
const answers = new WeakMap<Registry, Map<string, ReturnType<typeof computeVisibleSchemas>>>();

function computeVisibleSchemas(registry: Registry, caller: Caller) {
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
