import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadSchemaSet } from '../../src/server/schemaSet';
import type { JsonSchema } from '../../src/shared/registry';
import { freshDatabase } from '../helpers/testApp';

/** Why the server does not start when the invoice's client field carries `relation` as its x-relation. */
async function refusalWith(relation: unknown): Promise<string> {
  const set = await loadSchemaSet([]);
  const invoice = set.models.invoice;
  const client = { ...invoice.properties!.client, 'x-relation': relation } as JsonSchema;
  const schemas = {
    ...set,
    models: { ...set.models, invoice: { ...invoice, properties: { ...invoice.properties, client } } },
  };
  const { db, drop } = await freshDatabase();
  try {
    return await buildApp({ logger: false, db, schemas }).then(
      () => 'started',
      (error: Error) => error.message,
    );
  } finally {
    await drop();
  }
}

// Schemas in schemas/ are checked by `npm run generate`; a model of SCHEMA_DIRS reaches the server unchecked.
describe('annotations of a schema loaded at start', () => {
  it('refuses to start on a wrong annotation, naming the model, the place and what it takes', async () => {
    // What a developer might write: the model's name where an object naming it (and what to copy) belongs.
    expect(await refusalWith('client')).toBe(
      'Schema annotations: invoice: properties.client.x-relation: must be an object with model, populate (src/shared/vocabulary.ts describes x-relation)',
    );
  });

  it('refuses to start on a relation to a model that does not exist, naming it', async () => {
    expect(await refusalWith({ model: 'customer', populate: ['name'] })).toBe(
      'Schemas name what is not there: invoice.properties.client: x-relation names model customer, which does not exist',
    );
  });
});
