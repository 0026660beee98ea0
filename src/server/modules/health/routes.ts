import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

export function healthRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and readiness',
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' }, database: { type: 'string' } } } },
      },
    },
    async () => ({ ok: true, database: services.db.kind }),
  );
}
