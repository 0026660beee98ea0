import type { JsonSchema } from '../../../shared/registry';

/**
 * Stored values an `enum` does not list (a value from before the schema changed, an import), by where their
 * enum sits in the form schema: `type`, `items.[].unit`, `days.[]` (each element of an array of enum values).
 */
export type UnlistedValues = Record<string, (string | number | boolean)[]>;

type Scalar = string | number | boolean;

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What an unlisted value reads as in its select or among its chips. */
export const unlistedLabel = (value: Scalar): string => `${String(value)} (not in the list)`;

/**
 * The values of `instances` (the documents a form shows: as loaded, as edited) that the enums of `schema` do
 * not list. react-jsonschema-form replaces such a value by the field's default (or nothing) the moment the form
 * renders, and a save would then clear it without anyone having touched the field.
 */
export function unlistedValues(schema: JsonSchema, instances: unknown[], path = ''): UnlistedValues {
  const found: UnlistedValues = {};
  const present = instances.filter((instance) => instance !== undefined && instance !== null);
  if (present.length === 0) return found;
  if (schema.enum) {
    const listed = schema.enum;
    const unlisted = [...new Set(present.filter(isScalar))].filter((value) => !listed.includes(value));
    if (unlisted.length) found[path] = unlisted;
    return found;
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const values = present.filter(isRecord).map((instance) => instance[name]);
    Object.assign(found, unlistedValues(property, values, path ? `${path}.${name}` : name));
  }
  if (schema.items) {
    const elements = present.filter(Array.isArray).flat();
    Object.assign(found, unlistedValues(schema.items, elements, `${path}.[]`));
  }
  return found;
}

/** The schema with each unlisted value added to its enum (and labelled so), so the form keeps and shows it. */
export function withUnlisted(schema: JsonSchema, unlisted: UnlistedValues, path = ''): JsonSchema {
  const own = unlisted[path];
  if (schema.enum) {
    if (!own?.length) return schema;
    const labels = schema['x-enumLabels'] ?? schema.enum.map(String);
    return { ...schema, enum: [...schema.enum, ...own], 'x-enumLabels': [...labels, ...own.map(unlistedLabel)] };
  }
  const inside = Object.keys(unlisted).filter((key) => key !== path && (path === '' || key.startsWith(`${path}.`)));
  if (inside.length === 0) return schema;
  const out: JsonSchema = { ...schema };
  if (schema.properties)
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [
        name,
        withUnlisted(property, unlisted, path ? `${path}.${name}` : name),
      ]),
    );
  if (schema.items) out.items = withUnlisted(schema.items, unlisted, `${path}.[]`);
  return out;
}
