import type { Registry } from '../../../shared/registry';
import { COMPONENT_PREFIX, isJsonObject, type Json, type JsonObject } from './components';

/** The generic document API (spec section 7) serves every model: these paths get per-model schemas. */
const DOCUMENT_PATH = /^\/api\/document\//;

function modelRefs(registry: Registry, names: ReadonlyMap<string, string>): JsonObject[] {
  return Object.values(registry.models).map((model) => ({
    $ref: `${COMPONENT_PREFIX}${names.get(model.schema.$id ?? '')}`,
  }));
}

/** `model` as a query/path parameter or body property becomes an enum of the model names. */
function withModelEnum(schema: Json, models: string[]): Json {
  if (!isJsonObject(schema)) return schema;
  return {
    ...schema,
    enum: models,
    description: typeof schema.description === 'string' ? schema.description : 'Model name',
  };
}

function jsonContent(schema: Json): JsonObject {
  return { 'application/json': { schema } };
}

/** Replaces the `results` items of a find answer (or the whole answer) with the model documents. */
function describeResults(response: Json | undefined, documentSchema: JsonObject): JsonObject {
  const base =
    isJsonObject(response) && isJsonObject(response.content) ? response.content['application/json'] : undefined;
  const schema = isJsonObject(base) && isJsonObject(base.schema) ? base.schema : {};
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  return {
    description: 'Matching documents; the admin list form (with `page`) adds `total` and `filters`',
    content: jsonContent({
      ...schema,
      type: 'object',
      properties: {
        ...properties,
        results: { type: 'array', items: documentSchema },
        total: isJsonObject(properties.total) ? properties.total : { type: 'integer', minimum: 0 },
        totalEstimated: isJsonObject(properties.totalEstimated) ? properties.totalEstimated : { type: 'boolean' },
        filters: isJsonObject(properties.filters)
          ? properties.filters
          : { type: 'object', additionalProperties: { type: 'array' } },
      },
      required: ['results'],
    }),
  };
}

/**
 * Describes a document route per model: the `model` parameter lists the model names, and bodies
 * and answers that carry documents point at the model schemas (`anyOf`: several models accept
 * the same document, so `oneOf` would be wrong; the `model` parameter says which one applies).
 */
export function describeDocumentRoute(
  op: JsonObject,
  method: string,
  path: string,
  registry: Registry,
  names: ReadonlyMap<string, string>,
): void {
  if (!DOCUMENT_PATH.test(path)) return;
  const models = Object.keys(registry.models);
  const documentSchema: JsonObject = {
    anyOf: modelRefs(registry, names),
    description:
      'A document of the model named by the `model` parameter; system fields (`_id`, `_createdAt`, `_updatedAt`, `_version`) are set by the server.',
  };
  if (Array.isArray(op.parameters)) {
    op.parameters = op.parameters.map((p) =>
      isJsonObject(p) && p.name === 'model' ? { ...p, schema: withModelEnum(p.schema, models) } : p,
    );
  }
  const body =
    isJsonObject(op.requestBody) && isJsonObject(op.requestBody.content)
      ? op.requestBody.content['application/json']
      : undefined;
  const bodySchema = isJsonObject(body) ? body.schema : undefined;
  if (isJsonObject(bodySchema) && isJsonObject(bodySchema.properties) && bodySchema.properties.model !== undefined) {
    const properties = { ...bodySchema.properties, model: withModelEnum(bodySchema.properties.model, models) };
    op.requestBody = { required: true, content: jsonContent({ ...bodySchema, properties }) };
  }
  const responses = isJsonObject(op.responses) ? op.responses : {};
  const endpoint = path.split('/').pop();
  if (endpoint === 'updateOne') {
    op.requestBody = {
      required: true,
      description:
        '`_id` absent or `new` creates; otherwise updates (send `_version` back for optimistic concurrency).',
      content: jsonContent(documentSchema),
    };
    responses['200'] = {
      description: 'The saved document as the caller may see it',
      content: jsonContent(documentSchema),
    };
  } else if (endpoint === 'findById') {
    responses['200'] = { description: 'The document as the caller may see it', content: jsonContent(documentSchema) };
  } else if (endpoint === 'find' && method === 'post') {
    responses['200'] = describeResults(responses['200'], documentSchema);
  }
  op.responses = responses;
  op['x-models'] = Object.fromEntries(
    Object.values(registry.models).map((m) => [m.name, { plural: m.plural, permission: { ...m.permission } }]),
  );
}

/** A route body made of new documents of one model (FastifySchema `bodyModel`). */
export interface BodyModel {
  model: string;
  /** Also accepted: `{ [key]: [document, …] }` with 1 to `maxItems` documents. */
  batch?: { key: string; maxItems: number };
}

/** Points the request body of a route with `bodyModel` at the model's component schema. */
export function describeModelBody(
  op: JsonObject,
  bodyModel: Json | undefined,
  registry: Registry,
  names: ReadonlyMap<string, string>,
): void {
  if (!isJsonObject(bodyModel) || typeof bodyModel.model !== 'string') return;
  const model = registry.model(bodyModel.model);
  const name = model && names.get(model.schema.$id ?? '');
  if (!name) throw new Error(`OpenAPI: bodyModel ${bodyModel.model} is no known model`);
  const one: JsonObject = { $ref: `${COMPONENT_PREFIX}${name}` };
  const batch = bodyModel.batch;
  const schema: JsonObject =
    isJsonObject(batch) && typeof batch.key === 'string'
      ? {
          oneOf: [
            one,
            {
              type: 'object',
              required: [batch.key],
              additionalProperties: false,
              properties: {
                [batch.key]: { type: 'array', minItems: 1, maxItems: batch.maxItems, items: one },
              },
            },
          ],
        }
      : one;
  op.requestBody = { required: true, content: jsonContent(schema) };
}
