import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { visibleSchemas } from './operations';

export function schemaRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/schemas',
    { schema: { summary: 'Schemas of the models and elements the caller may see (the registry the admin consumes)' } },
    async (request) => visibleSchemas(services.registry, request.caller),
  );
}
