import type { FastifyInstance } from 'fastify';
import type { SwarmDeployAnswer, SwarmServicesAnswer } from '../../../shared/api/swarms';
import { OBJECT_ID } from '../../../shared/registry/systemFields';
import type { Services } from '../../services';

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: OBJECT_ID },
} as const;

const serviceRow = {
  type: 'object',
  required: ['configId', 'name', 'serviceName', 'exists', 'running', 'desired'],
  properties: {
    configId: { type: 'string' },
    name: { type: 'string' },
    serviceName: { type: 'string' },
    domain: { type: 'string' },
    exists: { type: 'boolean' },
    running: { type: 'integer' },
    desired: { type: 'integer' },
    state: { type: 'string' },
    desiredState: { type: 'string' },
    error: { type: 'string' },
    node: { type: 'string' },
  },
} as const;

const deployResult = {
  type: 'object',
  required: ['configId', 'name', 'serviceName', 'action'],
  properties: {
    configId: { type: 'string' },
    name: { type: 'string' },
    serviceName: { type: 'string' },
    action: { type: 'string', enum: ['created', 'updated', 'failed'] },
    error: { type: 'string' },
    retried: { type: 'boolean' },
  },
} as const;

/** Swarm detail (spec section 2): the services of a swarm on the Docker engine, and deploy. */
export function swarmRoutes(app: FastifyInstance, { swarms }: Services): void {
  app.get<{ Params: { id: string } }>(
    '/api/swarms/:id/services',
    {
      schema: {
        summary: "The swarm's configs as the Docker engine runs them (counts, newest task's state and error, node)",
        tags: ['swarms'],
        params,
        response: {
          200: {
            type: 'object',
            required: ['configured', 'services', 'checkedAt'],
            properties: {
              configured: { type: 'boolean' },
              checkedAt: { type: 'string' },
              services: { type: 'array', items: serviceRow },
            },
          },
        },
      },
    },
    async (request): Promise<SwarmServicesAnswer> => swarms.services(request.caller, request.params.id),
  );

  app.post<{ Params: { id: string } }>(
    '/api/swarms/:id/deploy',
    {
      schema: {
        summary: "Creates the swarm's missing services and updates the others with a forced rollout",
        tags: ['swarms'],
        params,
        response: {
          200: {
            type: 'object',
            required: ['results', 'status'],
            properties: { status: { type: 'string' }, results: { type: 'array', items: deployResult } },
          },
        },
      },
    },
    async (request): Promise<SwarmDeployAnswer> => swarms.deploy(request.caller, request.params.id),
  );
}
