import type { FastifyInstance } from 'fastify';
import { hasAccess } from '../../access/caller';
import { deny } from '../documents/access';
import { conflict, notFound } from '../../errors';
import { JOB_ACTION_STATES, JOB_ACTIONS, type JobAction, type JobActionAnswer } from '../../../shared/api/queues';
import type { Services } from '../../services';

const PERMISSION = 'manage:backend';

/** A job as the queues screen shows it (QueueJob). */
const JOB_SCHEMA = {
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
} as const;

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
                items: JOB_SCHEMA,
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

  app.post<{ Params: { name: string; id: string; action: JobAction } }>(
    '/api/queues/:name/jobs/:id/:action',
    {
      schema: {
        summary: 'Retries a failed or cancelled job, or cancels a job that waits',
        tags: ['queues'],
        params: {
          type: 'object',
          required: ['name', 'id', 'action'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 200 },
            id: { type: 'string', format: 'uuid' },
            action: { type: 'string', enum: [...JOB_ACTIONS] },
          },
        },
        response: { 200: { type: 'object', required: ['job'], properties: { job: JOB_SCHEMA } } },
      },
    },
    async (request): Promise<JobActionAnswer> => {
      if (!hasAccess(request.caller, PERMISSION)) deny(request.caller, 'change jobs');
      const { name, id, action } = request.params;
      if (!(await queues.names()).includes(name)) throw notFound(`Unknown queue ${name}`);
      const outcome = await queues.act(name, id, action);
      if (!outcome) throw notFound(`No job ${id} in ${name}`);
      if (!outcome.done) {
        const allowed = JOB_ACTION_STATES[action].join(' or ');
        throw conflict(
          `Job ${id.slice(0, 8)} is ${outcome.job.state}: only a ${allowed} job can be ${action === 'retry' ? 'retried' : 'cancelled'}`,
        );
      }
      return { job: outcome.job };
    },
  );
}
