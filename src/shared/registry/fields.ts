import type { Access, ComputedAnnotation, Currency, Display, RelationAnnotation, Widget } from '../vocabulary';
import type { JsonSchema, JsonType } from './jsonSchema';
import type { SchemaResolver } from './resolve';

/** What the generic machinery needs to know about one top-level field of a model. */
export interface FieldInfo {
  name: string;
  label: string;
  description?: string;
  /** JSON type after following `$ref` (the first non-null type when several are allowed). */
  type: JsonType;
  format?: string;
  required: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  /** The relation, on an id field or on an array of ids (`many`). */
  relation?: RelationAnnotation & { many: boolean; label: string; key: string };
  /** The field of the related model that names this document back (`x-inverse`); `shared`: several may name one target. */
  inverse?: { field: string; shared: boolean };
  currency?: Currency;
  enumValues?: readonly unknown[];
  enumLabels?: string[];
  widget?: Widget;
  /** Display rule of admin lists (`x-display`). */
  display?: Display;
  roles?: string[];
  /** `x-readPermission`: seeing (and so writing) the field needs this permission besides the model's. */
  readPermission?: Access;
  /** `x-writePermission`: writing the field needs this permission besides the model's. */
  writePermission?: Access;
  secret: boolean;
  computed?: ComputedAnnotation;
  sequence: boolean;
  unique: boolean;
  /** `x-unique: "ignoreCase"`: unique regardless of letter case (logins: `Admin` and `admin` are one). */
  uniqueIgnoreCase: boolean;
  ownerWritable: boolean;
  column: boolean;
  /** `x-compact`: a column the list's phone card shows too. */
  compact: boolean;
  searchable: boolean;
  filterable: boolean;
  sortable: boolean;
  /** The field's schema with its top-level `$ref` resolved. */
  schema: JsonSchema;
}

function firstType(schema: JsonSchema): JsonType {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  if (schema.enum?.length) return typeof schema.enum[0] === 'number' ? 'number' : 'string';
  return 'object';
}

/**
 * The value branch of a nullable union (`anyOf: [X, { type: 'null' }]`), resolved: such a field has X's
 * type (a nullable relation id is a string, compared and indexed as one), not `object`.
 */
function nullableBranch(schema: JsonSchema, baseId: string | undefined, resolver: SchemaResolver) {
  const branches = schema.type ? undefined : (schema.anyOf ?? schema.oneOf);
  if (!branches) return undefined;
  const values = branches.filter((branch) => branch.type !== 'null');
  return values.length === 1 ? resolver.deref(values[0], baseId).schema : undefined;
}

function inverseOf(annotation: JsonSchema['x-inverse']): FieldInfo['inverse'] {
  if (annotation === undefined) return undefined;
  return typeof annotation === 'string'
    ? { field: annotation, shared: false }
    : { field: annotation.field, shared: annotation.shared === true };
}

export function fieldInfo(
  name: string,
  property: JsonSchema,
  baseId: string | undefined,
  resolver: SchemaResolver,
  required: boolean,
): FieldInfo {
  const { schema, baseId: resolvedBase } = resolver.deref(property, baseId);
  const type = firstType(nullableBranch(schema, resolvedBase, resolver) ?? schema);
  const items = type === 'array' && schema.items ? resolver.deref(schema.items, resolvedBase).schema : undefined;
  const relationAnnotation = schema['x-relation'] ?? items?.['x-relation'];
  const enumSource = schema.enum ? schema : items?.enum ? items : undefined;
  return {
    name,
    label: schema.title ?? name,
    description: schema.description,
    type,
    format: schema.format,
    required,
    readOnly: schema.readOnly === true || schema['x-computed'] !== undefined,
    writeOnly: schema.writeOnly === true || schema['x-secret'] !== undefined,
    relation: relationAnnotation && {
      ...relationAnnotation,
      many: type === 'array',
      label: relationAnnotation.label ?? relationAnnotation.populate[0],
      key: relationAnnotation.key ?? '_id',
    },
    inverse: inverseOf(schema['x-inverse']),
    currency: schema['x-currency'],
    enumValues: enumSource?.enum,
    enumLabels: enumSource?.['x-enumLabels'],
    widget: schema['x-widget'],
    display: schema['x-display'],
    roles: schema['x-roles'],
    readPermission: schema['x-readPermission'],
    writePermission: schema['x-writePermission'],
    secret: schema['x-secret'] !== undefined,
    computed: schema['x-computed'],
    sequence: schema['x-sequence'] === true,
    unique: schema['x-unique'] === true || schema['x-unique'] === 'ignoreCase',
    uniqueIgnoreCase: schema['x-unique'] === 'ignoreCase',
    ownerWritable: schema['x-ownerWritable'] !== false,
    column: schema['x-column'] === true,
    compact: schema['x-compact'] === true,
    searchable: schema['x-searchable'] === true,
    filterable: schema['x-filterable'] === true,
    sortable: schema['x-sortable'] === true,
    schema,
  };
}
