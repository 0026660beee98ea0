import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadSchemaSet } from '../../src/server/schemaSet';
import type { JsonSchema } from '../../src/shared/registry';
import { freshDatabase } from '../helpers/testApp';

// Schemas in schemas/ are checked by `npm run generate`; a model of SCHEMA_DIRS reaches the server unchecked.
describe('annotations of a schema loaded at start', () => {
  it('refuses to start on a wrong annotation, naming the model, the place and what it takes', async () => {
    const set = await loadSchemaSet([]);
    const invoice = set.models.invoice;
    // What a developer might write: the model's name where an object naming it (and what to copy) belongs.
    const client = { ...(invoice.properties!.client as JsonSchema), 'x-relation': 'client' } as unknown as JsonSchema;
    const schemas = {
      ...set,
      models: { ...set.models, invoice: { ...invoice, properties: { ...invoice.properties, client } } },
    };
    const { db, drop } = await freshDatabase();
    try {
      await expect(buildApp({ logger: false, db, schemas })).rejects.toThrow(
        'Schema annotations: invoice: properties.client.x-relation: must be an object with model, populate (src/shared/vocabulary.ts describes x-relation)',
      );
    } finally {
      await drop();
    }
  });

  it('refuses to start on a relation to a model that does not exist, naming it', async () => {
    const set = await loadSchemaSet([]);
    const invoice = set.models.invoice;
    const client = { ...invoice.properties!.client, 'x-relation': { model: 'customer', populate: ['name'] } };
    const schemas = {
      ...set,
      models: { ...set.models, invoice: { ...invoice, properties: { ...invoice.properties, client } } },
    };
    const { db, drop } = await freshDatabase();
    try {
      await expect(buildApp({ logger: false, db, schemas })).rejects.toThrow(
        'Schemas name what is not there: invoice.properties.client: x-relation names model customer, which does not exist',
      );
    } finally {
      await drop();
    }
  });
});
