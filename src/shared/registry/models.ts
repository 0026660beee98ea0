import { modelRoute, pluralize } from '../rules/pluralize';
import type {
  Access,
  ActionAnnotation,
  AdminAnnotation,
  LinkAnnotation,
  ModelPermission,
  NavAnnotation,
} from '../vocabulary';
import type { JsonSchema, JsonType } from './jsonSchema';
import { fieldInfo, type FieldInfo } from './fields';
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
  labelField: string;
  /** Top-level fields including the system fields, in schema order. */
  fields: FieldInfo[];
  columns: string[];
  searchable: string[];
  filterable: string[];
  sortable: string[];
  relations: FieldInfo[];
  nav: (Required<Pick<NavAnnotation, 'label' | 'order'>> & NavAnnotation) | false;
  create: boolean;
  defaultSort: Record<string, 1 | -1>;
  customScreen?: string;
  /** Files the API renders from a document (`x-admin.links`). */
  links: LinkAnnotation[];
  /** Hand-written actions on its list or edit page (`x-admin.actions`). */
  actions: ActionAnnotation[];
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
  const names = (pick: (f: FieldInfo) => boolean | undefined) => fields.filter(pick).map((f) => f.name);
  const plural = rawSchema['x-plural'] ?? pluralize(name);
  const label = rawSchema.title ?? name;
  const admin = rawSchema['x-admin'];
  return {
    name,
    label,
    description: rawSchema.description ?? '',
    plural,
    route: modelRoute(plural),
    permission: permissionOf(rawSchema['x-permission']),
    acl: rawSchema['x-acl'] === true,
    owner: rawSchema['x-owner'],
    labelField: rawSchema['x-labelField'] ?? 'name',
    fields,
    columns: names((f) => f.column),
    searchable: names((f) => f.searchable),
    filterable: names((f) => f.filterable),
    sortable: names((f) => f.sortable),
    relations: fields.filter((f) => f.relation),
    nav: navOf(admin, label),
    create: admin?.create ?? true,
    defaultSort: admin?.defaultSort ?? { _createdAt: -1 },
    customScreen: admin?.customScreen,
    links: admin?.links ?? [],
    actions: admin?.actions ?? [],
    schema,
  };
}

export type { FieldInfo, JsonType };
