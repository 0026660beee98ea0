import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql';
import type { Services } from '../../services';

/** A database that has not answered `SELECT 1` within this long counts as down. */
const DATABASE_TIMEOUT_MS = 2_000;

const healthSchema = {
  type: 'object',
  properties: {
    ok: { type: 'boolean' },
    database: { type: 'string' },
    databaseUp: { type: 'boolean' },
    error: { type: 'string' },
  },
} as const;

/** Whether the database answers a trivial query in time; the error text when it does not. */
async function databaseAnswers(services: Services): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The database did not answer in time')), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([services.db.query(sql`SELECT 1`), timeout]);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and readiness: 503 when the database does not answer',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const error = await databaseAnswers(services);
      if (error) reply.code(503);
      return { ok: !error, database: services.db.kind, databaseUp: !error, ...(error ? { error } : {}) };
    },
  );
}
