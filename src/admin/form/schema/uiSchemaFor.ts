import type { UiSchema } from '@rjsf/utils';
import type { JsonSchema, JsonType } from '../../../shared/registry';
import type { FormWidget } from '../widgets/names';

export interface UiSchemaOptions {
  /** The document is not saved yet: its timestamps are hidden instead of shown empty. */
  isNew?: boolean;
}

/** Relation facts a widget needs, passed through `ui:options`. */
export interface RelationOptions {
  model: string;
  /** Field of the target shown to people. */
  labelField: string;
  /** Field of the target the stored value equals (`_id`, or `name` for user roles). */
  keyField: string;
}

/** System fields the server owns and nobody needs to see in a form. */
const HIDDEN_SYSTEM_FIELDS = ['_id', '_version', '_deletedAt'];
/** Shown last, read-only, and only once the document exists. */
const TIMESTAMP_FIELDS = ['_createdAt', '_updatedAt'];
/** Widgets that edit a whole object or array value; rjsf needs a field for those, not a widget. */
const VALUE_WIDGETS = new Set<FormWidget>(['json', 'cssSize', 'link']);

/**
 * The react-jsonschema-form uiSchema derived from a prepared model schema's annotations: which widget
 * edits each field (`x-widget`, `x-relation`, `x-currency`, `enum`, `format`, type), which fields are
 * read-only (`readOnly`, `x-computed`) and which system fields stay hidden.
 */
export function uiSchemaFor(schema: JsonSchema, options: UiSchemaOptions = {}): UiSchema {
  const ui = objectUi(schema);
  const names = Object.keys(schema.properties ?? {});
  for (const name of HIDDEN_SYSTEM_FIELDS) if (names.includes(name)) ui[name] = { 'ui:widget': 'hidden' };
  for (const name of TIMESTAMP_FIELDS) {
    if (names.includes(name))
      ui[name] = options.isNew ? { 'ui:widget': 'hidden' } : { 'ui:widget': 'readOnly', 'ui:readonly': true };
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

function relationOf(schema: JsonSchema): RelationOptions | undefined {
  const relation = schema['x-relation'] ?? schema.items?.['x-relation'];
  if (!relation) return undefined;
  return { model: relation.model, labelField: relation.label ?? relation.populate[0], keyField: relation.key ?? '_id' };
}

function objectUi(schema: JsonSchema, fileWidget?: FormWidget): UiSchema {
  const ui: UiSchema = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const child = fieldUi(property, fileWidget);
    if (Object.keys(child).length) ui[name] = child;
  }
  return ui;
}

function widget(name: FormWidget, extra: UiSchema = {}): UiSchema {
  return VALUE_WIDGETS.has(name)
    ? { 'ui:field': 'widget', 'ui:widget': name, ...extra }
    : { 'ui:widget': name, ...extra };
}

/** `fileWidget`: inside an `x-widget: image` object, its file relation is edited by that widget. */
export function fieldUi(schema: JsonSchema, fileWidget?: FormWidget): UiSchema {
  const readOnly = schema.readOnly === true || schema['x-computed'] !== undefined;
  const ui = editableUi(schema, fileWidget);
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

function editableUi(schema: JsonSchema, fileWidget?: FormWidget): UiSchema {
  const type = typeOf(schema);
  const hint = schema['x-widget'];
  const relation = relationOf(schema);
  const enumLabels = schema['x-enumLabels'] ? { 'ui:enumNames': schema['x-enumLabels'] } : {};

  if (schema['x-secret'] !== undefined || hint === 'password') return widget('password');
  if ((hint === 'image' || hint === 'file') && type === 'object') return objectUi(schema, hint);
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
      return schema.properties ? objectUi(schema) : widget('json');
    case 'array': {
      const items = schema.items ?? {};
      if (items.enum)
        return widget('checkboxes', items['x-enumLabels'] ? { items: { 'ui:enumNames': items['x-enumLabels'] } } : {});
      if (!schema.items) return widget('json');
      const itemUi = fieldUi(items);
      return Object.keys(itemUi).length ? { items: itemUi } : {};
    }
    default:
      return widget('json');
  }
}
