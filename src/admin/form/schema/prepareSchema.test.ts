import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formValidator } from '../validator';
import { schemaSet as schemas } from '../../../shared/generated/schemas';
import { createRegistry, type SchemaSet } from '../../../shared/registry';
import { prepareSchema } from './prepareSchema';

const registry = createRegistry(schemas);

describe('prepareSchema', () => {
  it('inlines $refs keeping the referring keywords, and drops ids and examples', () => {
    const invoice = prepareSchema(registry.models.invoice.schema, schemas);
    expect(JSON.stringify(invoice)).not.toContain('$ref');
    expect(invoice.$id).toBeUndefined();
    expect(invoice.examples).toBeUndefined();
    expect(invoice.properties?.client).toMatchObject({
      type: 'string',
      pattern: '^[0-9a-f]{24}$',
      title: 'Client',
      'x-relation': { model: 'client' },
    });
    expect(invoice.properties?.client?.description).toBeUndefined();
    expect(invoice.properties?.items?.items?.properties?.price).toMatchObject({ type: 'number', 'x-currency': 'EUR' });
  });

  it("keeps a field its conditional requires: the branch's `properties: { x: true }` would hide it in the form", () => {
    const transaction = prepareSchema(registry.models.transaction.schema, schemas);
    for (const formData of [{}, { foreignAmount: 12 }]) {
      const shown = retrieveSchema(formValidator, transaction as RJSFSchema, transaction as RJSFSchema, formData);
      expect(shown.properties?.amount).toMatchObject({ type: 'number', title: 'Amount (CHF)', 'x-currency': 'CHF' });
      expect(shown.properties?.foreignAmount).toMatchObject({ type: 'number', title: 'Amount (EUR)' });
    }
    // Still required while no EUR amount is given.
    expect(transaction.else).toEqual({ required: ['amount'] });
  });

  it('turns a nullable anyOf into one schema whose type allows null', () => {
    const trackedTime = prepareSchema(registry.models.trackedTime.schema, schemas);
    expect(trackedTime.properties?.end).toEqual({
      type: ['string', 'null'],
      format: 'date-time',
      title: 'End',
      'x-column': true,
      'x-sortable': true,
    });
    const pageDraft = prepareSchema(registry.models.pageDraft.schema, schemas);
    expect(pageDraft.properties?._parent).toMatchObject({
      type: ['string', 'null'],
      title: 'Parent page',
      'x-relation': { model: 'pageDraft' },
    });
    expect(pageDraft.properties?._parent?.description).toBeUndefined();
  });

  it('turns a $ref cycle into a JSON field instead of looping', () => {
    const looping: SchemaSet = {
      models: {},
      elements: {},
      values: {
        node: {
          $id: 'https://x.test/node.json',
          type: 'object',
          properties: { child: { $ref: 'node.json', title: 'Child' } },
        },
      },
    };
    const prepared = prepareSchema({ $ref: 'https://x.test/node.json' }, looping);
    expect(prepared.properties?.child).toEqual({ title: 'Child', description: undefined, 'x-widget': 'json' });
  });

  it("says a value type's x-help under the field instead of its description, unless the field describes itself", () => {
    const set: SchemaSet = {
      models: {},
      elements: {},
      values: {
        text: {
          $id: 'https://x.test/text.json',
          type: 'string',
          description: 'Stored as markup',
          'x-help': 'Select text',
        },
      },
    };
    const prepared = prepareSchema(
      {
        $id: 'https://x.test/model.json',
        type: 'object',
        properties: {
          plain: { $ref: 'text.json', title: 'Plain' },
          described: { $ref: 'text.json', title: 'Described', description: 'The lead' },
          helped: { type: 'string', description: 'For the API', 'x-help': 'For people' },
        },
      },
      set,
    );
    expect(prepared.properties?.plain?.description).toBe('Select text');
    expect(prepared.properties?.described?.description).toBe('The lead');
    expect(prepared.properties?.helped?.description).toBe('For people');
    // The rich text of page elements: how the editor formats, not the stored markup.
    const paragraph = prepareSchema(registry.elements.paragraph.schema, schemas);
    expect(paragraph.properties?.text?.description).toMatch(/^Select text to format it: bold \(Ctrl\+B\)/);
  });
});
