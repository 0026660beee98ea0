import type { UiSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { schemaSet as schemas } from '../../../shared/generated/schemas';
import { createRegistry, type JsonSchema } from '../../../shared/registry';
import { prepareSchema } from './prepareSchema';
import { SEQUENCE_PLACEHOLDER, uiSchemaFor } from './uiSchemaFor';

const registry = createRegistry(schemas);
const uiOf = (model: string, options = {}) =>
  uiSchemaFor(prepareSchema(registry.models[model].schema, schemas), options);

describe('uiSchemaFor', () => {
  it('locks the fields the caller may not change and passes on which values a field offers', () => {
    const offer = { allows: (role: string) => role !== 'admin', note: 'Only roles you may grant are offered.' };
    const ui = uiOf('user', { limits: { locked: ['password', 'login'], offer: { roles: offer } } });
    expect((ui.password as UiSchema)['ui:readonly']).toBe(true);
    expect((ui.login as UiSchema)['ui:readonly']).toBe(true);
    expect((ui.email as UiSchema | undefined)?.['ui:readonly']).toBeUndefined();
    const roles = ui.roles as UiSchema;
    expect(roles['ui:readonly']).toBeUndefined();
    // The relation's own options stay beside the offer.
    expect(roles['ui:options']).toMatchObject({ model: 'role', keyField: 'name', offer });
  });

  it('hides system fields and shows the timestamps last, read-only, once the document exists', () => {
    const ui = uiOf('invoice');
    expect(ui._id).toEqual({ 'ui:widget': 'hidden' });
    expect(ui._version).toEqual({ 'ui:widget': 'hidden' });
    expect(ui._deletedAt).toEqual({ 'ui:widget': 'hidden' });
    expect(ui._createdAt).toEqual({ 'ui:widget': 'readOnly', 'ui:readonly': true });
    expect(ui['ui:order']).toEqual(['*', '_createdAt', '_updatedAt']);
    expect(uiOf('invoice', { isNew: true })._createdAt).toEqual({ 'ui:widget': 'hidden' });
  });

  it('says in a new document that an empty sequence number is drawn on save (x-sequence), not once it exists', () => {
    for (const model of ['client', 'invoice', 'offer'])
      expect((uiOf(model, { isNew: true }).id as UiSchema)['ui:placeholder']).toBe(SEQUENCE_PLACEHOLDER);
    expect((uiOf('client').id as UiSchema | undefined)?.['ui:placeholder']).toBeUndefined();
    expect((uiOf('client', { isNew: true }).name as UiSchema | undefined)?.['ui:placeholder']).toBeUndefined();
  });

  it('derives invoice widgets: relation, date, enum labels, computed money read-only, items', () => {
    const ui = uiOf('invoice');
    expect(ui.id).toEqual({ 'ui:widget': 'number' });
    expect(ui.name).toEqual({ 'ui:widget': 'text' });
    expect(ui.client).toEqual({
      'ui:widget': 'relation',
      'ui:options': { model: 'client', labelField: 'name', keyField: '_id', path: 'client' },
    });
    expect(ui.date).toEqual({ 'ui:widget': 'date' });
    expect(ui.status).toEqual({ 'ui:widget': 'select', 'ui:enumNames': ['Open', 'Paid'] });
    expect(ui.total).toEqual({ 'ui:widget': 'readOnly', 'ui:readonly': true, 'ui:options': { currency: 'EUR' } });
    expect(ui.items).toEqual({
      items: {
        name: { 'ui:widget': 'text' },
        description: { 'ui:widget': 'textarea' },
        user: {
          'ui:widget': 'relation',
          'ui:options': { model: 'user', labelField: 'login', keyField: '_id', path: 'items.user' },
        },
        price: { 'ui:widget': 'money', 'ui:options': { currency: 'EUR' } },
        count: { 'ui:widget': 'number' },
      },
    });
  });

  it("names a relation's model and its populate path, so a label can come through the stored document", () => {
    const items = uiOf('invoice', { rootSchemas: schemas }).items as { items: { user: UiSchema } };
    expect(items.items.user['ui:options']).toMatchObject({ model: 'user', modelTitle: 'User', path: 'items.user' });
    // Deeper than a top-level array's objects the server populates nothing: no path.
    expect(uiOf('user').avatar.file['ui:options'].path).toBeUndefined();
  });

  it('derives user widgets: roles by name, projects, password, avatar image', () => {
    const ui = uiOf('user');
    expect(ui.roles).toEqual({
      'ui:widget': 'relations',
      'ui:options': { model: 'role', labelField: 'name', keyField: 'name', path: 'roles' },
    });
    // Several chosen documents read like a single select's options: the label, then the details.
    expect(uiOf('user', { rootSchemas: schemas }).projects).toEqual({
      'ui:widget': 'relations',
      'ui:options': {
        model: 'project',
        labelField: 'name',
        keyField: '_id',
        details: [{ field: 'domain', schema: { type: 'string' } }],
        modelTitle: 'Project',
        path: 'projects',
      },
    });
    // A model the user may not read is not among their schemas: the field's title names it ('Unknown …').
    const { project: _hidden, ...readable } = schemas.models;
    const withoutProjects = { ...schemas, models: readable } as typeof schemas;
    expect(uiOf('user', { rootSchemas: withoutProjects }).projects['ui:options']).toMatchObject({
      model: 'project',
      modelTitle: 'Projects',
    });
    expect(ui.password).toEqual({ 'ui:widget': 'password' });
    expect(ui.email).toEqual({ 'ui:widget': 'text', 'ui:options': { inputType: 'email' } });
    expect(ui.avatar.file).toEqual({
      'ui:widget': 'image',
      'ui:options': { model: 'file', labelField: 'name', keyField: '_id' },
    });
  });

  it('uses enum labels for numbers, date-time for nullable timestamps, read-only for computed values', () => {
    const ui = uiOf('trackedTime');
    expect(ui.multiplier).toEqual({
      'ui:widget': 'select',
      'ui:enumNames': ['Normal', 'Okay', 'Nervig', '65€ to 100€', '65€ to 120€', 'Ätzend'],
    });
    expect(ui.start).toEqual({ 'ui:widget': 'datetime' });
    expect(ui.end).toEqual({ 'ui:widget': 'datetime' });
    expect(ui.duration).toEqual({ 'ui:widget': 'readOnly', 'ui:readonly': true });
  });

  it('uses x-widget hints: textarea, html, money in CHF', () => {
    expect(uiOf('mailTemplate').html).toEqual({ 'ui:widget': 'html' });
    expect(uiOf('mailTemplate').text).toEqual({ 'ui:widget': 'textarea' });
    // Required only without a EUR amount: the form names the alternative beside the mark.
    expect(uiOf('transaction').amount).toEqual({
      'ui:widget': 'money',
      'ui:options': { currency: 'CHF', requiredUnless: ['Amount (EUR)'] },
    });
    expect(uiOf('swarm').services).toEqual({
      'ui:widget': 'relations',
      'ui:options': {
        model: 'config',
        labelField: 'name',
        keyField: '_id',
        details: [{ field: 'domain', schema: {} }],
        path: 'services',
      },
    });
    expect(uiOf('swarm').status).toEqual({ 'ui:widget': 'readOnly', 'ui:readonly': true });
  });

  it('keeps read-only lists and the page path read-only; nullable relations stay relations', () => {
    const ui = uiOf('pageDraft');
    expect(ui._path).toEqual({ 'ui:widget': 'readOnly', 'ui:readonly': true });
    expect(ui._parent).toEqual({
      'ui:widget': 'relation',
      'ui:options': {
        model: 'pageDraft',
        labelField: 'name',
        keyField: '_id',
        details: [{ field: '_path', schema: {} }],
        path: '_parent',
        // x-relation.tree: the select reads each page's own _parent to leave out the edited page's subtree.
        tree: '_parent',
      },
    });
    expect(uiOf('pageDraft', { rootSchemas: schemas })._parent['ui:options'].details).toEqual([
      { field: '_path', schema: { type: 'string' } },
    ]);
    expect(ui.breadcrumb).toMatchObject({
      'ui:readonly': true,
      'ui:options': { addable: false, removable: false, orderable: false },
    });
    expect(ui.noIndex).toEqual({ 'ui:widget': 'boolean' });
    expect(ui.elements.items.props).toEqual({ 'ui:field': 'widget', 'ui:widget': 'json' });
  });

  it('edits value objects with their widgets: CSS size, link, JSON', () => {
    const schema: JsonSchema = {
      $id: 'https://baukasten.dev/schemas/models/test.schema.json',
      type: 'object',
      properties: {
        size: { $ref: '../values/css-size.schema.json', title: 'Size' },
        link: { $ref: '../values/link.schema.json', title: 'Link' },
        data: { type: 'object', title: 'Data', readOnly: true, 'x-widget': 'json' },
        image: { $ref: '../values/image-ref.schema.json', title: 'Image' },
        opens: { type: 'string', 'x-widget': 'time' },
        color: { $ref: '../values/color.schema.json' },
      },
    };
    const ui = uiSchemaFor(prepareSchema(schema, schemas));
    expect(ui.size).toEqual({ 'ui:field': 'widget', 'ui:widget': 'cssSize' });
    expect(ui.link).toEqual({ 'ui:field': 'widget', 'ui:widget': 'link' });
    expect(ui.data).toMatchObject({ 'ui:field': 'widget', 'ui:widget': 'json', 'ui:readonly': true });
    expect(ui.image.file).toEqual({
      'ui:widget': 'image',
      'ui:options': { model: 'file', labelField: 'name', keyField: '_id' },
    });
    expect(ui.image.alt).toEqual({ 'ui:widget': 'text' });
    expect(ui.opens).toEqual({ 'ui:widget': 'time' });
    expect(ui.color).toEqual({ 'ui:widget': 'color' });
  });

  it('gives every field of every model a widget it knows', () => {
    for (const model of Object.keys(registry.models)) {
      const ui = uiOf(model);
      for (const name of Object.keys(registry.models[model].schema.properties ?? {})) {
        const entry = ui[name];
        expect(entry, `${model}.${name}`).toBeDefined();
      }
    }
  });
});
