import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry, type JsonSchema } from '../../../shared/registry';
import { createMemoryDataSource } from '../memoryDataSource';

/** Schemas and in-memory documents for the form's stories and component tests. */
export const rootSchemas = schemaSet;
export const registry = createRegistry(schemaSet);

const id = (suffix: string) => `66a1f0c2e4b0a1b2c3d4${suffix}`;

/** Documents the relation selects offer; ids match the examples in the schema files. */
export const documents = {
  client: [
    { _id: id('e901'), name: 'Rheinblick Immobilien AG' },
    { _id: id('e902'), name: 'Bäckerei Kleinbasel GmbH' },
    { _id: id('e903'), name: 'Atelier Spalenberg' },
    // Deleted: not offered, but still named where a document refers to it.
    { _id: id('e909'), name: 'Alte Kundin AG', _deletedAt: '2026-11-02T10:00:00.000Z' },
  ],
  user: [
    { _id: id('e5f6'), login: 'mmeier' },
    { _id: id('e5f7'), login: 'tbrunner' },
    { _id: id('e5f8'), login: 'lwyss' },
  ],
  role: [
    { _id: id('ec01'), name: 'admin' },
    { _id: id('ec02'), name: 'accountant' },
    { _id: id('ec03'), name: 'staff' },
    { _id: id('ec04'), name: 'editor' },
  ],
  project: [
    { _id: id('e701'), name: 'Website-Relaunch', domain: 'rheinblick.ch' },
    { _id: id('e702'), name: 'Kassensystem Filiale Gundeli', domain: 'baeckerei-gundeli.ch' },
    // Two projects of one name: the domain tells them apart.
    { _id: id('e703'), name: 'Website-Relaunch', domain: 'spalenberg-druck.ch' },
    { _id: id('e709'), name: 'Altes Projekt', domain: 'alt.example.ch', _deletedAt: '2026-11-02T10:00:00.000Z' },
  ],
  config: [
    { _id: id('eb01'), name: 'web (nginx)', domain: 'www.baukasten-beratung.ch' },
    { _id: id('eb02'), name: 'api (node)', domain: 'api.baukasten-beratung.ch' },
    { _id: id('eb03'), name: 'postgres' },
  ],
  file: [
    { _id: id('e801'), name: 'portrait-martina.jpg' },
    { _id: id('e802'), name: 'logo-baukasten.svg' },
  ],
  page: [
    { _id: id('e611'), name: 'Leistungen' },
    { _id: id('e612'), name: 'Kontakt' },
  ],
  transaction: [{ _id: id('ea01'), name: 'Zahlung Rechnung 1042' }],
  layout: [{ _id: id('e601'), name: 'Standard' }],
};

export const dataSource = createMemoryDataSource(documents, { delayMs: 150 });
export const instantDataSource = createMemoryDataSource(documents);

/** The first example of a model's schema file, as a saved document (with `_id` and timestamps, without write-only fields). */
export function exampleDocument(model: string): Record<string, unknown> {
  const schema = rootSchemas.models[model as keyof typeof rootSchemas.models];
  const example = Object.fromEntries(
    Object.entries((schema.examples?.[0] ?? {}) as Record<string, unknown>).filter(
      ([name]) => schema.properties?.[name]?.writeOnly !== true,
    ),
  );
  return {
    _id: id('f001'),
    _createdAt: '2024-03-28T08:15:00.000Z',
    _updatedAt: '2024-04-10T14:02:00.000Z',
    _version: 3,
    ...example,
  };
}

/** A one-field form cut out of a real model schema (keeps the model's `$id`, so `$ref`s resolve). */
export function fieldSchema(model: string, field: string): JsonSchema {
  const schema = registry.models[model].schema;
  return {
    $id: schema.$id,
    // The model's title: texts about the document name it (`this user`).
    title: schema.title,
    type: 'object',
    properties: { [field]: schema.properties?.[field] ?? {} },
    required: schema.required?.includes(field) ? [field] : [],
  };
}

/** A one-field form for a value type of schemas/values (CSS size, link, colour ...). */
export function valueSchema(file: string, title: string): JsonSchema {
  return {
    $id: 'https://baukasten.dev/schemas/models/story.schema.json',
    type: 'object',
    properties: { value: { $ref: `../values/${file}.schema.json`, title } },
  };
}
