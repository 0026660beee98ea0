import type { ElementCategory } from '../vocabulary';
import type { JsonSchema } from './jsonSchema';
import type { SchemaResolver } from './resolve';

export interface ElementInfo {
  tag: string;
  label: string;
  description: string;
  category: ElementCategory;
  /** Props holding nested elements. */
  slots: string[];
  /** Lays itself out at a page's top level (`x-ownLayout`); other elements get the page's content container there. */
  ownLayout: boolean;
  /** Props of a new element: the `default` of every property that has one. */
  defaults: Record<string, unknown>;
  examples: Record<string, unknown>[];
  deprecated: boolean;
  schema: JsonSchema;
}

/** The value a new instance of `schema` starts with: its default, or an object of its properties' defaults. */
export function defaultsOf(schema: JsonSchema, baseId: string | undefined, resolver: SchemaResolver): unknown {
  const { schema: resolved, baseId: base } = resolver.deref(schema, baseId);
  if (resolved.default !== undefined) return structuredClone(resolved.default);
  if (!resolved.properties) return undefined;
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(resolved.properties)) {
    const value = defaultsOf(property, base, resolver);
    if (value !== undefined) result[name] = value;
  }
  return Object.keys(result).length ? result : undefined;
}

export function elementInfo(tag: string, schema: JsonSchema, resolver: SchemaResolver): ElementInfo {
  return {
    tag,
    label: schema.title ?? tag,
    description: schema.description ?? '',
    category: schema['x-category'] ?? 'special',
    slots: schema['x-slots'] ?? [],
    ownLayout: schema['x-ownLayout'] === true,
    defaults: (defaultsOf(schema, schema.$id, resolver) as Record<string, unknown> | undefined) ?? {},
    examples: (schema.examples ?? []) as Record<string, unknown>[],
    deprecated: schema.deprecated === true,
    schema,
  };
}
