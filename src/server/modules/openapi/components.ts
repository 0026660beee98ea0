import { SchemaResolver, type JsonSchema, type Registry } from '../../../shared/registry';

/** A JSON value as it appears inside a schema. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const COMPONENT_PREFIX = '#/components/schemas/';

/** Keywords whose value maps names to schemas (the names themselves are not keywords). */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties', 'dependentSchemas']);
/** Keywords holding data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(['examples', 'example', 'default', 'const', 'enum']);

const pascal = (text: string): string =>
  text
    .split(/[.\-_\s]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The component name of each schema `$id`: models `Client`, values `Address`, elements
 * `ElementMenuBasic`; a name taken already gets its kind appended (e.g. value `Icon` vs element).
 */
export function componentNames(registry: Registry): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const add = (id: string | undefined, name: string, kind: string) => {
    if (!id) return;
    const unique = taken.has(name) ? `${name}${kind}` : name;
    taken.add(unique);
    names.set(id, unique);
  };
  for (const [name, schema] of Object.entries(registry.schemas.models)) add(schema.$id, pascal(name), 'Model');
  for (const [name, schema] of Object.entries(registry.schemas.values)) add(schema.$id, pascal(name), 'Value');
  for (const [tag, schema] of Object.entries(registry.schemas.elements))
    add(schema.$id, `Element${pascal(tag)}`, 'Element');
  return names;
}

/** Name for a Fastify shared schema (`addSchema`) that is not one of ours, e.g. `findOptions` -> `FindOptions`. */
export function sharedSchemaName(id: string): string {
  const last = id.replace(/#.*$/, '').split('/').filter(Boolean).pop() ?? id;
  return pascal(last.replace(/\.schema\.json$|\.json$/, '')).replace(/[^A-Za-z0-9._-]/g, '') || 'Schema';
}

/**
 * A copy of `node` for the OpenAPI document: every `$ref` made absolute against `baseId` and
 * pointed at `#/components/schemas/<name>`, `$id` and `$schema` dropped (a nested `$id` would
 * change the base of those refs). Throws on a ref to nothing we know, so no ref dangles.
 */
export function rewriteRefs(node: Json, baseId: string | undefined, names: ReadonlyMap<string, string>): Json {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, baseId, names));
  if (!isJsonObject(node)) return node;
  const base = typeof node.$id === 'string' ? SchemaResolver.target(node.$id, baseId) : baseId;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema') continue;
    if (key === '$ref' && typeof value === 'string') result.$ref = componentRef(value, base, names);
    else if (DATA_KEYWORDS.has(key)) result[key] = value;
    else if (SCHEMA_MAPS.has(key) && isJsonObject(value)) {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, rewriteRefs(schema, base, names)]),
      );
    } else result[key] = rewriteRefs(value, base, names);
  }
  return result;
}

function componentRef(ref: string, baseId: string | undefined, names: ReadonlyMap<string, string>): string {
  if (ref.startsWith(COMPONENT_PREFIX)) return ref;
  const target = SchemaResolver.target(ref, baseId);
  const [file, pointer = ''] = target.split('#');
  const name = names.get(file) ?? names.get(`${file}#`);
  if (!name) throw new Error(`OpenAPI: $ref ${ref} (from ${baseId ?? 'a route'}) points to no known schema`);
  return `${COMPONENT_PREFIX}${name}${pointer.replace(/\/$/, '')}`;
}

/** A schema as JSON (our typed schemas and Fastify's `unknown` ones alike). */
export function asJson(schema: JsonSchema | unknown): Json {
  return JSON.parse(JSON.stringify(schema ?? {})) as Json;
}

/**
 * `components.schemas`: every model schema with its system fields, every value and element
 * schema, and Fastify's other shared schemas; refs rewritten to point inside the document.
 */
export function schemaComponents(
  registry: Registry,
  shared: Record<string, unknown>,
): { names: Map<string, string>; schemas: JsonObject } {
  const names = componentNames(registry);
  const extra = Object.entries(shared).filter(([id]) => !names.has(id) && !names.has(id.replace(/#$/, '')));
  for (const [id] of extra) names.set(id.replace(/#$/, ''), uniqueName(sharedSchemaName(id), names));
  const schemas: JsonObject = {};
  const add = (schema: JsonSchema | unknown, id: string | undefined) => {
    if (!id) return;
    schemas[names.get(id) as string] = rewriteRefs(asJson(schema), id, names);
  };
  for (const model of Object.values(registry.models)) add(model.schema, model.schema.$id);
  for (const schema of Object.values(registry.schemas.values)) add(schema, schema.$id);
  for (const schema of Object.values(registry.schemas.elements)) add(schema, schema.$id);
  for (const [id, schema] of extra) add(schema, id.replace(/#$/, ''));
  return { names, schemas };
}

function uniqueName(name: string, names: ReadonlyMap<string, string>): string {
  const used = new Set(names.values());
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = `${name}${n}`;
  return candidate;
}
