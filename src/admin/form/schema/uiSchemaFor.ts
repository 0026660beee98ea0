import type { UiSchema } from '@rjsf/utils';
import { SchemaResolver, type JsonSchema, type JsonType, type SchemaSet } from '../../../shared/registry';
import type { FieldLimits, RelationDetail, RelationQuery } from '../types';
import type { FormWidget } from '../widgets/names';
import { requiredUnless } from './requiredUnless';

export interface UiSchemaOptions {
  /** The document is not saved yet: its timestamps are hidden instead of shown empty. */
  isNew?: boolean;
  /**
   * Every schema: a relation's `details` are formatted by the target model's field schemas (a date as
   * a date, an amount with its currency). Without them the details show as stored.
   */
  rootSchemas?: SchemaSet;
  /**
   * The signed-in user writes the document as its owner (`x-owner`), not as admin or superuser: the
   * fields the server keeps from them (`x-ownerWritable: false`, the owner field itself) are read-only.
   */
  asOwner?: boolean;
  /** What the caller may not change beyond the schema (`FieldLimits`): locked fields, offered values. */
  limits?: FieldLimits;
}

/** Relation facts a widget needs, passed through `ui:options`: model, label and key fields, `where`, details. */
export type RelationOptions = RelationQuery;

/** What the uiSchema of one field depends on besides its schema. */
interface Context {
  /** Inside an `x-widget: image` object, its file relation is edited by that widget. */
  fileWidget?: FormWidget;
  rootSchemas?: SchemaSet;
  resolver?: SchemaResolver;
  /** Property names from the model down to this field, `*` for an array's items. */
  steps?: string[];
}

/**
 * The populate path of a relation at these steps (`client`, `projects`, `items.user`): a top-level field,
 * or a field of the objects of a top-level array, as the server populates them; undefined deeper down.
 */
function populatePath(steps: string[] = []): string | undefined {
  if (steps.length === 1) return steps[0];
  if (steps.length === 3 && steps[1] === '*') return `${steps[0]}.${steps[2]}`;
  return undefined;
}

/** System fields the server owns and nobody needs to see in a form. */
const HIDDEN_SYSTEM_FIELDS = ['_id', '_version', '_deletedAt'];
/** Shown last, read-only, and only once the document exists. */
const TIMESTAMP_FIELDS = ['_createdAt', '_updatedAt'];
/** The placeholder of a new document's sequence number field. */
export const SEQUENCE_PLACEHOLDER = 'Next free number';
/** Widgets that edit a whole object or array value; rjsf needs a field for those, not a widget. */
const VALUE_WIDGETS = new Set<FormWidget>(['json', 'cssSize', 'link']);

/**
 * The react-jsonschema-form uiSchema derived from a prepared model schema's annotations: which widget
 * edits each field (`x-widget`, `x-relation`, `x-currency`, `enum`, `format`, type), which fields are
 * read-only (`readOnly`, `x-computed`) and which system fields stay hidden.
 */
export function uiSchemaFor(schema: JsonSchema, options: UiSchemaOptions = {}): UiSchema {
  const { rootSchemas } = options;
  const ui = objectUi(schema, { rootSchemas, resolver: rootSchemas && new SchemaResolver(rootSchemas) });
  const names = Object.keys(schema.properties ?? {});
  for (const name of HIDDEN_SYSTEM_FIELDS) if (names.includes(name)) ui[name] = { 'ui:widget': 'hidden' };
  for (const name of TIMESTAMP_FIELDS) {
    if (names.includes(name))
      ui[name] = options.isNew ? { 'ui:widget': 'hidden' } : { 'ui:widget': 'readOnly', 'ui:readonly': true };
  }
  // A number the server draws (`x-sequence`) when a new document leaves it empty: said where it is typed.
  if (options.isNew)
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      if (property['x-sequence'] === true)
        ui[name] = { ...(ui[name] as UiSchema | undefined), 'ui:placeholder': SEQUENCE_PLACEHOLDER };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const asOwner = options.asOwner && (property['x-ownerWritable'] === false || name === schema['x-owner']);
    if (asOwner || options.limits?.locked.includes(name))
      ui[name] = { ...(ui[name] as UiSchema | undefined), 'ui:readonly': true };
    const offer = options.limits?.offer[name];
    if (offer) {
      const field = ui[name] as UiSchema | undefined;
      ui[name] = { ...field, 'ui:options': { ...field?.['ui:options'], offer } };
    }
  }
  // A field required only while others are empty names them beside its mark (FieldTemplate).
  for (const [name, alternatives] of Object.entries(requiredUnless(schema))) {
    const field = ui[name] as UiSchema | undefined;
    ui[name] = { ...field, 'ui:options': { ...field?.['ui:options'], requiredUnless: alternatives } };
  }
  const last = TIMESTAMP_FIELDS.filter((name) => names.includes(name));
  if (last.length) ui['ui:order'] = ['*', ...last];
  return ui;
}

function typeOf(schema: JsonSchema): JsonType | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  if (schema.enum?.length) return typeof schema.enum[0] === 'number' ? 'number' : 'string';
  return undefined;
}

/** A detail field of a relation's target with the schema keywords that say how to format it. */
function detailOf(field: string, model: string, context: Context): RelationDetail {
  const target = context.rootSchemas?.models[model];
  const property = target?.properties?.[field];
  if (!target || !property || !context.resolver) return { field, schema: {} };
  let resolved = context.resolver.deref(property, target.$id);
  const branches = resolved.schema.type ? undefined : (resolved.schema.anyOf ?? resolved.schema.oneOf);
  const value = branches?.filter((branch) => branch.type !== 'null');
  if (value?.length === 1) resolved = context.resolver.deref(value[0], resolved.baseId);
  const { type, format, enum: values, 'x-enumLabels': enumLabels, 'x-currency': currency } = resolved.schema;
  const schema: JsonSchema = { type, format, enum: values, 'x-enumLabels': enumLabels, 'x-currency': currency };
  return { field, schema: JSON.parse(JSON.stringify(schema)) as JsonSchema };
}

function relationOf(schema: JsonSchema, context: Context = {}): RelationOptions | undefined {
  const relation = schema['x-relation'] ?? schema.items?.['x-relation'];
  if (!relation) return undefined;
  // A model the user may not read is not among their schemas: the field's title names it, as in lists.
  const modelTitle = context.rootSchemas && (context.rootSchemas.models[relation.model]?.title ?? schema.title);
  const path = populatePath(context.steps);
  return {
    model: relation.model,
    labelField: relation.label ?? relation.populate[0],
    keyField: relation.key ?? '_id',
    ...(relation.where ? { where: relation.where } : {}),
    ...(relation.details ? { details: relation.details.map((field) => detailOf(field, relation.model, context)) } : {}),
    // Not `title`: rjsf reads that option as the field's own title.
    ...(modelTitle ? { modelTitle } : {}),
    ...(path ? { path } : {}),
    // A tree relation is a top-level field holding the parent: the target (its own model) has it under its name.
    ...(relation.tree && context.steps?.length === 1 ? { tree: context.steps[0] } : {}),
  };
}

function objectUi(schema: JsonSchema, context: Context): UiSchema {
  const ui: UiSchema = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const child = fieldUi(property, { ...context, steps: [...(context.steps ?? []), name] });
    if (Object.keys(child).length) ui[name] = child;
  }
  return ui;
}

function widget(name: FormWidget, extra: UiSchema = {}): UiSchema {
  return VALUE_WIDGETS.has(name)
    ? { 'ui:field': 'widget', 'ui:widget': name, ...extra }
    : { 'ui:widget': name, ...extra };
}

function fieldUi(schema: JsonSchema, context: Context): UiSchema {
  const readOnly = schema.readOnly === true || schema['x-computed'] !== undefined;
  const ui = editableUi(schema, context);
  if (!readOnly) return ui;
  const type = typeOf(schema);
  if (type === 'object' || type === 'array' || ui['ui:field'] || relationOf(schema)) {
    return {
      ...ui,
      'ui:readonly': true,
      'ui:options': { ...ui['ui:options'], addable: false, removable: false, orderable: false },
    };
  }
  return {
    'ui:widget': 'readOnly',
    'ui:readonly': true,
    ...(ui['ui:options'] ? { 'ui:options': ui['ui:options'] } : {}),
  };
}

function editableUi(schema: JsonSchema, context: Context): UiSchema {
  const { fileWidget } = context;
  const type = typeOf(schema);
  const hint = schema['x-widget'];
  const relation = relationOf(schema, context);
  const enumLabels = schema['x-enumLabels'] ? { 'ui:enumNames': schema['x-enumLabels'] } : {};

  if (schema['x-secret'] !== undefined || hint === 'password') return widget('password');
  if ((hint === 'image' || hint === 'file') && type === 'object')
    return objectUi(schema, { ...context, fileWidget: hint });
  if (hint) {
    if (relation && (hint === 'image' || hint === 'file' || hint === 'folder'))
      return widget(hint, { 'ui:options': { ...relation } });
    return widget(hint, enumLabels);
  }
  if (relation) {
    const name: FormWidget =
      type === 'array' ? 'relations' : relation.model === 'file' ? (fileWidget ?? 'file') : 'relation';
    return widget(name, { 'ui:options': { ...relation } });
  }
  if (schema['x-currency']) return widget('money', { 'ui:options': { currency: schema['x-currency'] } });
  if (schema.enum) return widget('select', enumLabels);
  switch (type) {
    case 'boolean':
      return widget('boolean');
    case 'number':
    case 'integer':
      return widget('number');
    case 'string':
      if (schema.format === 'date') return widget('date');
      if (schema.format === 'date-time') return widget('datetime');
      if (schema.format === 'time') return widget('time');
      return widget('text', schema.format === 'email' ? { 'ui:options': { inputType: 'email' } } : {});
    case 'object':
      // A free-form object has no fields to render: edit it as JSON.
      return schema.properties ? objectUi(schema, { ...context, fileWidget: undefined }) : widget('json');
    case 'array': {
      const items = schema.items ?? {};
      if (items.enum)
        return widget('checkboxes', items['x-enumLabels'] ? { items: { 'ui:enumNames': items['x-enumLabels'] } } : {});
      if (!schema.items) return widget('json');
      const itemUi = fieldUi(items, { ...context, fileWidget: undefined, steps: [...(context.steps ?? []), '*'] });
      return Object.keys(itemUi).length ? { items: itemUi } : {};
    }
    default:
      return widget('json');
  }
}
