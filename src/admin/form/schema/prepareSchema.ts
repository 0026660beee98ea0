import { SchemaResolver, type JsonSchema, type JsonType, type SchemaSet } from '../../../shared/registry';

/** Keywords that only make sense at a schema file's top level, or that the form must not see (examples become datalists). */
const DROPPED = new Set(['$id', '$schema', '$ref', '$defs', 'examples']);
const NESTED_MAP = ['properties', '$defs'] as const;
const NESTED_LIST = ['anyOf', 'oneOf', 'allOf'] as const;
const CONDITIONAL = ['if', 'then', 'else'] as const;

/**
 * The model schema made self-contained for react-jsonschema-form: every `$ref` (relative to the
 * referring file's `$id`) is inlined with the referring schema's own keywords winning, so a field
 * keeps its title and annotations; `anyOf: [X, {type: null}]` becomes X with `null` added to its type,
 * so nullable fields render as one input instead of a type picker. A `$ref` cycle (none today)
 * degrades to a JSON editor rather than looping. A conditional's `properties: { x: true }` (there for
 * Ajv's strict `required`, it says nothing) is dropped: rjsf would merge the `true` over field x's own
 * schema, and the field would vanish from the form while the branch applies.
 */
export function prepareSchema(schema: JsonSchema, rootSchemas: SchemaSet): JsonSchema {
  return inline(schema, schema.$id, new SchemaResolver(rootSchemas), []);
}

function inline(node: JsonSchema, baseId: string | undefined, resolver: SchemaResolver, stack: string[]): JsonSchema {
  let current = node;
  let base = baseId;
  let path = stack;
  if (node.$ref) {
    const target = SchemaResolver.target(node.$ref, baseId);
    if (stack.includes(target)) {
      return { title: node.title, description: node.description, 'x-widget': 'json' };
    }
    const resolved = resolver.deref(node, baseId);
    current = resolved.schema;
    base = resolved.baseId;
    path = [...stack, target];
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(current)) {
    if (DROPPED.has(key) || value === undefined) continue;
    if ((NESTED_MAP as readonly string[]).includes(key) && isRecord(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, inline(child as JsonSchema, base, resolver, path)]),
      );
    } else if ((NESTED_LIST as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map((child: JsonSchema) => inline(child, base, resolver, path));
    } else if ((CONDITIONAL as readonly string[]).includes(key) && isRecord(value)) {
      out[key] = inline(withoutTrueProperties(value as JsonSchema), base, resolver, path);
    } else if ((key === 'items' || key === 'additionalProperties' || key === 'propertyNames') && isRecord(value)) {
      out[key] = inline(value as JsonSchema, base, resolver, path);
    } else {
      out[key] = value;
    }
  }
  const result = collapseNullable(out, 'anyOf') ?? collapseNullable(out, 'oneOf') ?? out;
  // A relation field is an object id underneath; the id's own description would only confuse.
  if (result['x-relation'] && node.description === undefined) delete result.description;
  // The form's help (`x-help`) over the description, but a referring property's own description over its value
  // type's help.
  const help = result['x-help'];
  if (help !== undefined && (node['x-help'] !== undefined || node.description === undefined)) result.description = help;
  return result;
}

function withoutTrueProperties(schema: JsonSchema): JsonSchema {
  if (!schema.properties) return schema;
  const { properties, ...rest } = schema;
  const kept = Object.entries(properties).filter(([, child]) => (child as unknown) !== true);
  return kept.length > 0 ? { ...rest, properties: Object.fromEntries(kept) } : rest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNullOnly(schema: JsonSchema): boolean {
  return (
    schema.type === 'null' && Object.keys(schema).every((k) => k === 'type' || k === 'title' || k === 'description')
  );
}

function collapseNullable(schema: JsonSchema, keyword: 'anyOf' | 'oneOf'): JsonSchema | undefined {
  const options = schema[keyword];
  if (!options || options.length !== 2) return undefined;
  const other = options.find((option) => !isNullOnly(option));
  if (!other || !options.some(isNullOnly)) return undefined;
  const { [keyword]: _dropped, ...own } = schema;
  const merged: JsonSchema = { ...other, ...own };
  if (other.type) merged.type = withNull(other.type);
  return merged;
}

function withNull(type: JsonType | JsonType[]): JsonType[] {
  const types = Array.isArray(type) ? type : [type];
  return types.includes('null') ? types : [...types, 'null'];
}
