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
  /** Where its props hold icon names (values/icon.schema.json): dotted paths, `*` for each item of a list. */
  icons: string[];
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

const ICON_SCHEMA = 'https://baukasten.dev/schemas/values/icon.schema.json';

/** The dotted paths below `schema` whose values are icon names (`*`: each item of a list); slots are not followed. */
export function iconPaths(
  schema: JsonSchema,
  baseId: string | undefined,
  resolver: SchemaResolver,
  at: string[] = [],
  skip: readonly string[] = [],
): string[] {
  const { schema: resolved, baseId: base } = resolver.deref(schema, baseId);
  if (base === ICON_SCHEMA) return [at.join('.')];
  // Deep enough for any element's props; a schema that refers to itself stops here.
  if (at.length > 8) return [];
  const paths = Object.entries(resolved.properties ?? {})
    .filter(([name]) => !skip.includes(name))
    .flatMap(([name, property]) => iconPaths(property, base, resolver, [...at, name]));
  if (resolved.items && typeof resolved.items === 'object' && !Array.isArray(resolved.items))
    paths.push(...iconPaths(resolved.items as JsonSchema, base, resolver, [...at, '*']));
  return paths;
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
    icons: iconPaths(schema, schema.$id, resolver, [], schema['x-slots'] ?? []),
    examples: (schema.examples ?? []) as Record<string, unknown>[],
    deprecated: schema.deprecated === true,
    schema,
  };
}
