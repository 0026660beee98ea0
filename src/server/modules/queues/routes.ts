import type { FastifyInstance } from 'fastify';
import { hasAccess } from '../../access/caller';
import { deny } from '../documents/access';
import { notFound } from '../../errors';
import type { Services } from '../../services';

const PERMISSION = 'manage:backend';

/** The queues screen's data: queue names and the latest jobs of one (live updates come over the socket). */
export function queueRoutes(app: FastifyInstance, { queues }: Services): void {
  app.get(
    '/api/queues',
    {
      schema: {
        summary: 'Names of the job queues',
        tags: ['queues'],
        response: {
          200: {
            type: 'object',
            required: ['queues'],
            properties: { queues: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    },
    async (request) => {
      if (!hasAccess(request.caller, PERMISSION)) deny(request.caller, 'see job queues');
      return { queues: await queues.names() };
    },
  );

  app.get<{ Params: { name: string }; Querystring: { limit: number } }>(
    '/api/queues/:name/jobs',
    {
      schema: {
        summary: 'The latest jobs of a queue, newest first',
        tags: ['queues'],
        params: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: 200 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['jobs'],
            properties: {
              jobs: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'createdOn', 'state', 'progress'],
                  properties: {
                    id: { type: 'string' },
                    createdOn: { type: 'string' },
                    data: {},
                    progress: { type: 'integer' },
                    state: { type: 'string' },
                    error: { type: 'string' },
                    retryCount: { type: 'integer' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      if (!hasAccess(request.caller, PERMISSION)) deny(request.caller, 'see job queues');
      const { name } = request.params;
      if (!(await queues.names()).includes(name)) throw notFound(`Unknown queue ${name}`);
      return { jobs: await queues.jobs(name, request.query.limit) };
    },
  );
}
