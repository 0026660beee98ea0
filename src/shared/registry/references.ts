import type { JsonSchema } from './jsonSchema';
import type { Registry } from './registry';

/** Keys of a schema whose values are data, not schemas (an `x-` key inside them is no annotation). */
export const DATA_KEYS: ReadonlySet<string> = new Set(['examples', 'default', 'const', 'enum']);

/** Calls `visit` for every schema object in `node` (properties, items, $defs, branches), with its path. */
function eachSchema(node: unknown, visit: (schema: JsonSchema, path: string) => void, path = ''): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((item, i) => eachSchema(item, visit, `${path}.${i}`));
  visit(node as JsonSchema, path);
  for (const [key, value] of Object.entries(node))
    if (!DATA_KEYS.has(key) && !key.startsWith('x-')) eachSchema(value, visit, `${path}.${key}`);
}

/**
 * Annotations naming what is not there, one message each (empty when nothing): a relation to a model or
 * field that does not exist (populate, label, key, details, where) or with a `where` value its field does
 * not allow, `x-enumLabels` of another length than the `enum`, a default sort by a field the model lacks.
 * Each would fail only later (a select without options, a list answering 400), so `npm run generate`
 * and the server's start refuse them.
 */
export function referenceProblems(registry: Registry): string[] {
  const problems: string[] = [];
  for (const kind of ['models', 'elements', 'values'] as const)
    for (const [name, root] of Object.entries(registry.schemas[kind]))
      eachSchema(root, (schema, path) => {
        const at = `${name}${path}`;
        const labels = schema['x-enumLabels'];
        if (labels && labels.length !== schema.enum?.length)
          problems.push(
            `${at}: x-enumLabels has ${labels.length} label${labels.length === 1 ? '' : 's'} for ${schema.enum?.length ?? 0} enum values`,
          );
        const relation = schema['x-relation'];
        if (!relation) return;
        const target = registry.models[relation.model];
        if (!target) {
          problems.push(`${at}: x-relation names model ${relation.model}, which does not exist`);
          return;
        }
        const fields = new Map(target.fields.map((field) => [field.name, field]));
        const named = [...relation.populate, relation.label, relation.key, ...(relation.details ?? [])];
        for (const field of named.filter((f): f is string => typeof f === 'string' && !fields.has(f)))
          problems.push(`${at}: x-relation names ${relation.model}.${field}, which is not a field`);
        for (const [field, value] of Object.entries(relation.where ?? {})) {
          const allowed = fields.get(field)?.enumValues;
          if (!fields.has(field))
            problems.push(`${at}: x-relation.where names ${relation.model}.${field}, which is not a field`);
          else if (allowed && !allowed.includes(value))
            problems.push(
              `${at}: x-relation.where asks ${relation.model}.${field} for ${JSON.stringify(value)}, which it does not allow`,
            );
        }
      });
  for (const model of Object.values(registry.models)) {
    const fields = new Set(model.fields.map((field) => field.name));
    for (const field of Object.keys(model.defaultSort).filter((f) => !fields.has(f)))
      problems.push(`${model.name}: x-admin.defaultSort sorts by ${field}, which is not a field`);
  }
  return problems;
}
