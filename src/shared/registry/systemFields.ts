import type { JsonSchema } from './jsonSchema';

/** A document's id; also what a route's id parameter must be (said in words when it is not). */
export const OBJECT_ID = {
  type: 'string',
  pattern: '^[0-9a-f]{24}$',
  'x-patternMessage': 'must be a document id (24 characters, digits and a to f)',
} as const;
const TIMESTAMP = { type: 'string', format: 'date-time', readOnly: true } as const;

/** Fields every document has; the server sets them, clients can only send `_id` and `_version` back. */
export const SYSTEM_FIELDS: Record<string, JsonSchema> = {
  _id: { ...OBJECT_ID, title: 'Id', readOnly: true },
  _createdAt: { ...TIMESTAMP, title: 'Created' },
  _updatedAt: { ...TIMESTAMP, title: 'Updated' },
  _deletedAt: { ...TIMESTAMP, type: ['string', 'null'], title: 'Deleted' },
  _version: { type: 'integer', minimum: 0, title: 'Version', readOnly: true },
};

export const SYSTEM_FIELD_NAMES = Object.keys(SYSTEM_FIELDS);

/** The model schema with the system fields added where the schema does not declare them itself. */
export function withSystemFields(schema: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = { ...schema.properties };
  for (const [name, field] of Object.entries(SYSTEM_FIELDS)) {
    properties[name] = { ...field, ...properties[name] };
  }
  return { ...schema, properties };
}
