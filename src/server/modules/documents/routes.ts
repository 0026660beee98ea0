import type { FastifyInstance } from 'fastify';
import { SECRETS_SET, SECRETS_SET_SCHEMA } from '../../../shared/api/documents';
import type { Services } from '../../services';
import { patchItem } from './items';
import type { FindOptions } from './service';

const model = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z][A-Za-z0-9]*$',
  'x-patternMessage': 'must be a model name: a letter, then letters and digits',
} as const;
const id = { type: 'string', minLength: 1, maxLength: 24 } as const;
const populate = { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 128 } } as const;
const documentAnswer = {
  type: 'object',
  additionalProperties: true,
  properties: {
    _id: { type: 'string' },
    [SECRETS_SET]: SECRETS_SET_SCHEMA,
  },
} as const;

const findBody = {
  type: 'object',
  required: ['model'],
  additionalProperties: false,
  properties: {
    model,
    query: { type: 'object' },
    sort: { type: 'object' },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    page: { type: 'integer', minimum: 0 },
    populate,
    search: { type: 'string', maxLength: 200 },
    filter: { type: 'object' },
    filterFields: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 128 } },
    fields: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 128 } },
    deleted: { type: 'boolean' },
  },
} as const;

/** The generic document API of spec section 7 ("Documents and database"), for every model of the registry. */
export function documentRoutes(app: FastifyInstance, { documents }: Services): void {
  app.get<{ Querystring: { model: string; id: string; populate?: string[]; deleted?: boolean } }>(
    '/api/document/findById',
    {
      schema: {
        summary: 'One document by id',
        querystring: {
          type: 'object',
          required: ['model', 'id'],
          additionalProperties: false,
          properties: {
            model,
            id,
            populate,
            deleted: {
              type: 'boolean',
              description: 'A soft-deleted document too, for a caller who may see deleted documents of the model',
            },
          },
        },
        response: { 200: documentAnswer },
      },
    },
    (request) =>
      documents.findById(request.caller, request.query.model, request.query.id, {
        populate: request.query.populate,
        deleted: request.query.deleted,
      }),
  );

  app.post<{ Body: FindOptions & { model: string } }>(
    '/api/document/find',
    {
      schema: {
        summary: 'Documents matching a query; with `page` the admin list form with total and filter values',
        body: findBody,
        response: {
          200: {
            type: 'object',
            required: ['results'],
            properties: {
              results: { type: 'array', items: documentAnswer },
              total: { type: 'integer' },
              totalEstimated: { type: 'boolean' },
              filters: {
                type: 'object',
                additionalProperties: {
                  type: 'array',
                  items: { type: 'object', properties: { value: {}, label: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
    (request) => {
      const { model: name, ...options } = request.body;
      return documents.find(request.caller, name, options);
    },
  );

  app.post<{ Querystring: { model: string }; Body: Record<string, unknown> }>(
    '/api/document/updateOne',
    {
      schema: {
        summary: 'Create (no `_id`, or `new`) or update a document; a stale `_version` answers 409',
        querystring: { type: 'object', required: ['model'], additionalProperties: false, properties: { model } },
        body: { type: 'object' },
        response: { 200: documentAnswer },
      },
    },
    (request) => documents.save(request.caller, request.query.model, request.body),
  );

  app.delete<{ Querystring: { model: string; id: string } }>(
    '/api/document/delete',
    {
      schema: {
        summary: 'Soft-delete a document',
        querystring: {
          type: 'object',
          required: ['model', 'id'],
          additionalProperties: false,
          properties: { model, id },
        },
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      },
    },
    async (request) => {
      await documents.remove(request.caller, request.query.model, request.query.id);
      return { ok: true };
    },
  );

  app.post<{ Params: { model: string; id: string }; Body: Record<string, unknown> }>(
    '/api/database/:model/:id',
    {
      schema: {
        summary: 'Rename, move or change the permissions of a file or folder',
        params: { type: 'object', required: ['model', 'id'], properties: { model, id } },
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            _id: id,
            name: { type: 'string', minLength: 1, maxLength: 255 },
            _parent: { type: ['string', 'null'], maxLength: 24 },
            _read: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 50 } },
            _write: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 50 } },
          },
        },
        response: { 200: documentAnswer },
      },
    },
    (request) => patchItem(documents, request.caller, request.params.model, request.params.id, request.body),
  );
}
