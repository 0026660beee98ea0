import type { CatalogElement } from '../api/pages';
import type { JsonSchema } from './jsonSchema';
import type { Registry } from './registry';

/**
 * The element catalogue of `GET /api/cms/elements` (src/shared/api/pages.ts): every element the editor
 * can add (deprecated ones stay renderable but are not offered), in the registry's order.
 */
export function elementCatalogue(registry: Pick<Registry, 'elements' | 'resolver'>): CatalogElement[] {
  return Object.values(registry.elements)
    .filter((element) => !element.deprecated)
    .map((element) => ({
      tag: element.tag,
      label: element.label,
      description: element.description,
      category: element.category,
      config: element.schema as Record<string, unknown>,
      style: styleOf(registry, element.schema, element.slots),
    }));
}

/** An element's style properties: its choices of look (enumerations and switches), not its content or slots. */
function styleOf(registry: Pick<Registry, 'resolver'>, schema: JsonSchema, slots: string[]): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([name, property]) => {
      const { schema: resolved } = registry.resolver.deref(property, schema.$id);
      return !slots.includes(name) && (resolved.enum !== undefined || resolved.type === 'boolean');
    }),
  );
  return { type: 'object', properties };
}
