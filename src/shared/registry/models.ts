import { modelRoute, pluralize } from '../rules/pluralize';
import type {
  Access,
  ActionAnnotation,
  PanelAnnotation,
  AdminAnnotation,
  LinkAnnotation,
  ModelPermission,
  NavAnnotation,
  TitlePart,
} from '../vocabulary';
import type { JsonSchema, JsonType } from './jsonSchema';
import { fieldInfo, type FieldInfo } from './fields';
import { fileFields, type FileField } from './fileFields';
import { titlePaths } from './titleParts';
import type { SchemaResolver } from './resolve';
import { withSystemFields } from './systemFields';

export type Action = keyof ModelPermission;

export interface ModelInfo {
  name: string;
  label: string;
  description: string;
  plural: string;
  /** Admin list route, e.g. `/_/clients`; detail routes append `/{id}` (`new` creates). */
  route: string;
  /** Access per action, from `x-permission` (default `manage:backend` for everything). */
  permission: Record<Action, Access>;
  acl: boolean;
  owner?: string;
  /** The field a new document gets its creator's id in (`x-createdBy`). */
  createdBy?: string;
  labelField: string;
  /** How the admin titles a document (`x-title`); without it, by its label field. */
  titleParts?: TitlePart[];
  /** The top-level fields a document's title reads (its label field, or those of `x-title`). */
  titleFields: string[];
  /** Top-level fields including the system fields, in schema order. */
  fields: FieldInfo[];
  /**
   * Properties one level down in an object field that are list columns or searchable (`data.email`, named by
   * their dotted path): a document that keeps its content in one object still shows it in lists.
   */
  nested: FieldInfo[];
  /** Top-level and nested (dotted) column names, in schema order. */
  columns: string[];
  searchable: string[];
  filterable: string[];
  sortable: string[];
  relations: FieldInfo[];
  /** Where its documents name files (`x-relation` to files, `x-fileUrl`), nested ones too: the file usage check. */
  fileFields: FileField[];
  nav: (Required<Pick<NavAnnotation, 'label' | 'order'>> & NavAnnotation) | false;
  create: boolean;
  defaultSort: Record<string, 1 | -1>;
  customScreen?: string;
  /** Files the API renders from a document (`x-admin.links`). */
  links: LinkAnnotation[];
  /** Hand-written actions on its list or edit page (`x-admin.actions`). */
  actions: ActionAnnotation[];
  /** Report panels under the edit form of a saved document (`x-admin.panels`). */
  panels: PanelAnnotation[];
  /** The schema with system fields, as the server validates documents. */
  schema: JsonSchema;
}

export function permissionOf(annotation: JsonSchema['x-permission']): Record<Action, Access> {
  if (typeof annotation === 'string')
    return { read: annotation, create: annotation, update: annotation, delete: annotation };
  const fallback: Access = 'manage:backend';
  return {
    read: annotation?.read ?? fallback,
    create: annotation?.create ?? fallback,
    update: annotation?.update ?? fallback,
    delete: annotation?.delete ?? fallback,
  };
}

function navOf(admin: AdminAnnotation | undefined, label: string): ModelInfo['nav'] {
  if (admin?.nav === false) return false;
  return { ...admin?.nav, label: admin?.nav?.label ?? pluralize(label), order: admin?.nav?.order ?? 1000 };
}

export function modelInfo(name: string, rawSchema: JsonSchema, resolver: SchemaResolver): ModelInfo {
  const schema = withSystemFields(rawSchema);
  const fields = Object.entries(schema.properties ?? {}).map(([field, property]) =>
    fieldInfo(field, property, schema.$id, resolver, (schema.required ?? []).includes(field)),
  );
  const nested = fields.flatMap((field) =>
    field.type === 'object'
      ? Object.entries(field.schema.properties ?? {})
          .filter(([, property]) => property['x-column'] === true || property['x-searchable'] === true)
          .map(([key, property]) => fieldInfo(`${field.name}.${key}`, property, schema.$id, resolver, false))
      : [],
  );
  // Each object field's nested entries follow it, so columns keep the schema's order.
  const ordered = fields.flatMap((field) => [field, ...nested.filter((n) => n.name.startsWith(`${field.name}.`))]);
  const names = (pick: (f: FieldInfo) => boolean | undefined) => ordered.filter(pick).map((f) => f.name);
  const has = (field: string) => fields.some((f) => f.name === field);
  const plural = rawSchema['x-plural'] ?? pluralize(name);
  const label = rawSchema.title ?? name;
  const admin = rawSchema['x-admin'];
  // Without `name` or `id`, people name a document by its first required plain text (a vehicle's plate), not its id.
  const text = fields.find(
    (f) => f.required && f.type === 'string' && !f.format && !f.relation && !f.enumValues && !f.secret && !f.writeOnly,
  );
  const labelField = rawSchema['x-labelField'] ?? (has('name') ? 'name' : has('id') ? 'id' : (text?.name ?? '_id'));
  const titleParts = rawSchema['x-title'];
  const titleFields = titleParts ? titlePaths(titleParts).map((path) => path.split('.')[0]) : [labelField];
  const unknown = titleParts && titlePaths(titleParts).find((path) => !hasPath(schema, path, resolver));
  if (unknown) throw new Error(`x-title of model ${name} names ${unknown}, which is not a field`);
  const createdBy = rawSchema['x-createdBy'];
  if (createdBy !== undefined && !has(createdBy))
    throw new Error(`x-createdBy of model ${name} names ${createdBy}, which is not a field`);
  return {
    name,
    label,
    description: rawSchema.description ?? '',
    plural,
    route: modelRoute(plural),
    permission: permissionOf(rawSchema['x-permission']),
    acl: rawSchema['x-acl'] === true,
    owner: rawSchema['x-owner'],
    ...(createdBy ? { createdBy } : {}),
    // Without a `name`, a document is named by its number, else by its id.
    labelField,
    ...(titleParts ? { titleParts } : {}),
    titleFields: [...new Set(titleFields)],
    fields,
    nested,
    columns: names((f) => f.column),
    searchable: names((f) => f.searchable),
    filterable: fields.filter((f) => f.filterable).map((f) => f.name),
    sortable: fields.filter((f) => f.sortable).map((f) => f.name),
    relations: fields.filter((f) => f.relation),
    fileFields: fileFields(schema, resolver),
    nav: navOf(admin, label),
    create: admin?.create ?? true,
    defaultSort: admin?.defaultSort ?? { _createdAt: -1 },
    customScreen: admin?.customScreen,
    links: admin?.links ?? [],
    actions: admin?.actions ?? [],
    panels: admin?.panels ?? [],
    schema,
  };
}

/** Whether a dotted path (`data.email`) names a property of the schema, following `$ref`s on the way. */
function hasPath(schema: JsonSchema, path: string, resolver: SchemaResolver): boolean {
  let node: { schema: JsonSchema; baseId: string | undefined } = { schema, baseId: schema.$id };
  for (const key of path.split('.')) {
    const property: JsonSchema | undefined = node.schema.properties?.[key];
    if (!property) return false;
    node = resolver.deref(property, node.baseId);
  }
  return true;
}

/** A field's value in a document, following a nested field's dotted path (`data.email`). */
export function fieldValue(doc: Record<string, unknown>, name: string): unknown {
  let value: unknown = doc;
  for (const key of name.split('.'))
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

export type { FieldInfo, JsonType };
