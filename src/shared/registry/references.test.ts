import { describe, expect, it } from 'vitest';
import { schemaSet } from '../generated/schemas';
import type { JsonSchema } from './jsonSchema';
import { referenceProblems } from './references';
import { createRegistry, mergeSchemaSets } from './registry';

const problemsWith = (vehicle: JsonSchema) =>
  referenceProblems(createRegistry(mergeSchemaSets(schemaSet, { models: { vehicle } })));

const vehicle = (client: JsonSchema, extra: Partial<JsonSchema> = {}): JsonSchema => ({
  $id: 'https://baukasten.dev/schemas/models/vehicle.schema.json',
  title: 'Vehicle',
  type: 'object',
  properties: {
    plate: { type: 'string', title: 'Plate' },
    client: { type: 'string', title: 'Client', ...client },
    owners: { type: 'array', title: 'Owners', items: { type: 'string', ...client } },
  },
  ...extra,
});

describe('annotations naming what is not there', () => {
  it('finds none in the committed schemas', () => {
    expect(referenceProblems(createRegistry(schemaSet))).toEqual([]);
  });

  it('names a relation to a missing model, or to fields the target lacks, in fields and in array items', () => {
    expect(problemsWith(vehicle({ 'x-relation': { model: 'customer', populate: ['name'] } }))).toEqual([
      'vehicle.properties.client: x-relation names model customer, which does not exist',
      'vehicle.properties.owners.items: x-relation names model customer, which does not exist',
    ]);
    const relation = { model: 'client', populate: ['nom'], details: ['city'], label: 'name' };
    expect(problemsWith(vehicle({ 'x-relation': relation }))).toEqual([
      'vehicle.properties.client: x-relation names client.nom, which is not a field',
      'vehicle.properties.client: x-relation names client.city, which is not a field',
      'vehicle.properties.owners.items: x-relation names client.nom, which is not a field',
      'vehicle.properties.owners.items: x-relation names client.city, which is not a field',
    ]);
  });

  it("names a relation's where on a missing field or asking for a value its enum does not allow", () => {
    const where = { kind: 'x', status: 'lost' };
    expect(
      problemsWith({
        ...vehicle({ 'x-relation': { model: 'invoice', populate: ['name'], where } }),
        properties: { invoice: { type: 'string', 'x-relation': { model: 'invoice', populate: ['name'], where } } },
      }),
    ).toEqual([
      'vehicle.properties.invoice: x-relation.where names invoice.kind, which is not a field',
      'vehicle.properties.invoice: x-relation.where asks invoice.status for "lost", which it does not allow',
    ]);
  });

  it('names enum labels of another length than their enum, and a default sort by a missing field', () => {
    expect(
      problemsWith({
        ...vehicle({}),
        'x-admin': { defaultSort: { plat: 1 } },
        properties: { colour: { type: 'string', enum: ['red', 'blue'], 'x-enumLabels': ['Rot'] } },
      }),
    ).toEqual([
      'vehicle.properties.colour: x-enumLabels has 1 label for 2 enum values',
      'vehicle: x-admin.defaultSort sorts by plat, which is not a field',
    ]);
  });
});
