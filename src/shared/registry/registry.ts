import type { SchemaSet } from './jsonSchema';
import { elementInfo, type ElementInfo } from './elements';
import { modelInfo, type ModelInfo } from './models';
import { SchemaResolver } from './resolve';

/** Everything the generic machinery derives from the schemas, built once per process. */
export interface Registry {
  schemas: SchemaSet;
  resolver: SchemaResolver;
  models: Record<string, ModelInfo>;
  elements: Record<string, ElementInfo>;
  model(name: string): ModelInfo | undefined;
  modelByPlural(plural: string): ModelInfo | undefined;
  element(tag: string): ElementInfo | undefined;
}

export function createRegistry(schemas: SchemaSet): Registry {
  const resolver = new SchemaResolver(schemas);
  const models = Object.fromEntries(
    Object.entries(schemas.models).map(([name, schema]) => [name, modelInfo(name, schema, resolver)]),
  );
  const elements = Object.fromEntries(
    Object.entries(schemas.elements).map(([tag, schema]) => [tag, elementInfo(tag, schema, resolver)]),
  );
  const byPlural = new Map(Object.values(models).map((m) => [m.plural, m]));
  return {
    schemas,
    resolver,
    models,
    elements,
    model: (name) => (Object.hasOwn(models, name) ? models[name] : undefined),
    modelByPlural: (plural) => byPlural.get(plural),
    element: (tag) => (Object.hasOwn(elements, tag) ? elements[tag] : undefined),
  };
}

/** Adds schemas (for example from `SCHEMA_DIRS`) to a set; a name that exists already is an error. */
export function mergeSchemaSets(base: SchemaSet, extra: Partial<SchemaSet>): SchemaSet {
  const merged: SchemaSet = { models: { ...base.models }, elements: { ...base.elements }, values: { ...base.values } };
  for (const kind of ['models', 'elements', 'values'] as const) {
    for (const [name, schema] of Object.entries(extra[kind] ?? {})) {
      if (Object.hasOwn(merged[kind], name)) throw new Error(`Schema ${kind}/${name} is defined twice`);
      merged[kind][name] = schema;
    }
  }
  return merged;
}
