import { describe, expect, it } from 'vitest';
import { schemaSet } from '../generated/schemas';
import { createRegistry, mergeSchemaSets } from './registry';
import { schemaNameFromFile } from './names';
import type { JsonSchema } from './jsonSchema';

const registry = createRegistry(schemaSet);

describe('registry', () => {
  it('derives names, plurals and admin routes', () => {
    expect(schemaNameFromFile('schemas/models/page-draft.schema.json')).toBe('pageDraft');
    expect(registry.models.pageDraft.plural).toBe('pageDrafts');
    expect(registry.models.formData.route).toBe('/_/formDatas');
    expect(registry.models.contactRequest.route).toBe('/_/contactRequests');
    expect(registry.modelByPlural('invoices')?.name).toBe('invoice');
    expect(registry.model('__proto__')).toBeUndefined();
  });

  it('reads permissions, ACLs and owners from the schemas', () => {
    expect(registry.models.invoice.permission).toEqual({
      read: 'manage:payment',
      create: 'manage:payment',
      update: 'manage:payment',
      delete: 'manage:payment',
    });
    expect(registry.models.user.permission.read).toBe('manage:backend');
    expect(registry.models.user.owner).toBe('_id');
    // Tracked time names its creator but grants them nothing: it needs manage:payment.
    expect(registry.models.trackedTime).toMatchObject({ createdBy: 'user', owner: undefined });
    expect(registry.models.file.acl).toBe(true);
    const fileRead = registry.models.file.fields.find((f) => f.name === '_read');
    expect(fileRead?.roles).toEqual(['admin', 'superuser']);
    const roles = registry.models.user.fields.find((f) => f.name === 'roles');
    expect(roles?.ownerWritable).toBe(false);
    expect(roles?.relation).toMatchObject({ model: 'role', many: true });
  });

  it('describes fields: relations, currencies, computed and read-only, secrets', () => {
    const invoice = registry.models.invoice;
    const client = invoice.fields.find((f) => f.name === 'client');
    expect(client?.relation).toMatchObject({ model: 'client', populate: ['name'], many: false, label: 'name' });
    const total = invoice.fields.find((f) => f.name === 'total');
    expect(total).toMatchObject({ readOnly: true, currency: 'EUR', computed: { op: 'sumOfProducts', array: 'items' } });
    const amount = registry.models.transaction.fields.find((f) => f.name === 'amount');
    expect(amount?.currency).toBe('CHF');
    const password = registry.models.user.fields.find((f) => f.name === 'password');
    expect(password).toMatchObject({ secret: true, writeOnly: true });
    const multiplier = registry.models.trackedTime.fields.find((f) => f.name === 'multiplier');
    expect(multiplier?.enumLabels).toEqual(['Normal', 'Okay', 'Nervig', '65€ to 100€', '65€ to 120€', 'Ätzend']);
    expect(invoice.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['_id', '_createdAt', '_updatedAt', '_version']),
    );
  });

  it('lists columns, searchable, filterable and sortable fields in schema order', () => {
    expect(registry.models.client.columns).toEqual(['id', 'name', 'firstname', 'lastname', 'email', '_createdAt']);
    expect(registry.models.client.searchable).toEqual(['name', 'firstname', 'lastname', 'email']);
    expect(registry.models.invoice.filterable).toContain('status');
  });

  it('builds navigation entries and hides models that opt out', () => {
    expect(registry.models.client.nav).toMatchObject({ label: 'Clients', group: 'Payment' });
    expect(registry.models.config.nav).toBe(false);
    expect(registry.models.contactRequest.create).toBe(false);
  });

  it('describes every element with its defaults', () => {
    expect(registry.element('special.form')?.defaults).toMatchObject({
      submitLabel: 'Senden',
      successMessage: 'Formular abgeschickt!',
    });
    expect(registry.element('section')?.slots).toEqual(['children']);
    expect(registry.element('menu.3d')?.category).toBe('menu');
    expect(registry.element('nope')).toBeUndefined();
  });

  it('takes extra schemas and refuses a name twice', () => {
    const extra: JsonSchema = {
      $id: 'https://baukasten.dev/schemas/models/gadget.schema.json',
      title: 'Gadget',
      type: 'object',
      properties: {},
    };
    const merged = createRegistry(mergeSchemaSets(schemaSet, { models: { gadget: extra } }));
    expect(merged.models.gadget).toMatchObject({ plural: 'gadgets', route: '/_/gadgets', nav: { label: 'Gadgets' } });
    expect(() => mergeSchemaSets(schemaSet, { models: { client: extra } })).toThrow(/defined twice/);
  });

  it('names a document by name, else id, else its first required plain text, else _id', () => {
    const vehicle = (properties: JsonSchema['properties'], required: string[]): JsonSchema => ({
      $id: 'https://baukasten.dev/schemas/models/vehicle.schema.json',
      title: 'Vehicle',
      type: 'object',
      required,
      properties,
    });
    const labelOf = (schema: JsonSchema) =>
      createRegistry(mergeSchemaSets(schemaSet, { models: { vehicle: schema } })).models.vehicle.labelField;
    const text: JsonSchema = { type: 'string' };
    const owner: JsonSchema = { type: 'string', 'x-relation': { model: 'client', populate: ['name'] } };
    const registered: JsonSchema = { type: 'string', format: 'date' };
    const colour: JsonSchema = { type: 'string', enum: ['red'] };
    // A plate names a vehicle; a relation, a date, an enum or an optional text does not.
    expect(
      labelOf(
        vehicle({ owner, registered, colour, note: text, plate: text }, ['owner', 'registered', 'colour', 'plate']),
      ),
    ).toBe('plate');
    expect(labelOf(vehicle({ owner, registered, colour, note: text }, ['owner', 'registered', 'colour']))).toBe('_id');
    expect(labelOf(vehicle({ plate: text, name: text }, ['plate']))).toBe('name');
    expect(labelOf(vehicle({ plate: text, id: text }, ['plate']))).toBe('id');
    expect(labelOf({ ...vehicle({ plate: text, vin: text }, ['plate']), 'x-labelField': 'vin' })).toBe('vin');
  });

  it('titles documents by x-title, reading its fields; a title naming no field is refused', () => {
    const contactRequest = registry.models.contactRequest;
    expect(contactRequest.titleParts).toHaveLength(3);
    expect(contactRequest.titleFields).toEqual(['id', 'data', '_createdAt']);
    expect(registry.models.client.titleFields).toEqual(['name']);
    const gadget = (title: string[]): JsonSchema => ({
      $id: 'https://baukasten.dev/schemas/models/gadget.schema.json',
      title: 'Gadget',
      type: 'object',
      'x-title': title,
      properties: { name: { type: 'string' }, data: { type: 'object', properties: { code: { type: 'string' } } } },
    });
    const build = (title: string[]) =>
      createRegistry(mergeSchemaSets(schemaSet, { models: { gadget: gadget(title) } }));
    expect(build(['{name}', '{data.code}']).models.gadget.titleFields).toEqual(['name', 'data']);
    expect(() => build(['{name}', '{data.nope}'])).toThrow(
      'x-title of model gadget names data.nope, which is not a field',
    );
  });
});
