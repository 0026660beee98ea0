import type { FastifyInstance } from 'fastify';
import { HEALTH_CHECK_TIMEOUT_MS, healthAnswerSchema, type HealthAnswer } from '../../../shared/api/health';
import { sql } from '../../db/sql';
import type { Services } from '../../services';

/** Runs `probe` with a deadline; false (and a log line) when it fails or takes too long. */
async function answers(
  name: string,
  log: Services['log'],
  probe: (signal: AbortSignal) => Promise<unknown>,
): Promise<boolean> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`));
    }, HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(controller.signal), deadline]);
    return true;
  } catch (error) {
    log.warn({ err: error }, `health: the ${name} does not answer`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, services: Services): void {
  const { db, blobs, log, lifecycle } = services;
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and readiness: 503 when the database or the blob store does not answer, or while draining',
        response: { 200: healthAnswerSchema, 503: healthAnswerSchema },
      },
    },
    async (_request, reply): Promise<HealthAnswer> => {
      const [database, blobStore] = await Promise.all([
        answers('database', log, () => db.query(sql`SELECT 1`)),
        answers('blob store', log, (signal) => blobs.check(signal)),
      ]);
      const { draining } = lifecycle;
      const ok = database && blobStore && !draining;
      reply.status(ok ? 200 : 503);
      return { ok, draining, database: db.kind, blobStore: blobs.kind, checks: { database, blobStore } };
    },
  );
}
