/**
 * `GET /api/health`: whether this process can serve. 200 when the database and the blob store both
 * answered, 503 (same body) when one did not or the process is shutting down, so a load balancer takes
 * the process out of rotation.
 */
export interface HealthAnswer {
  /** Both dependencies answered and the process is not draining. */
  ok: boolean;
  /**
   * SIGTERM arrived: the process answers the requests on its open connections until it exits, but a load
   * balancer should send new ones elsewhere.
   */
  draining: boolean;
  /** Which database driver serves (as before the checks existed). */
  database: 'pglite' | 'postgres';
  /** Where file bytes live. */
  blobStore: 'local' | 's3';
  /** Each dependency: did it answer within the check's timeout? */
  checks: { database: boolean; blobStore: boolean };
}

/** How long one check may take before it counts as not answering. */
export const HEALTH_CHECK_TIMEOUT_MS = 3000;

/** The JSON Schema of the answer, for the route (200 and 503) and the OpenAPI description. */
export const healthAnswerSchema = {
  type: 'object',
  required: ['ok', 'draining', 'database', 'blobStore', 'checks'],
  properties: {
    ok: { type: 'boolean' },
    draining: { type: 'boolean' },
    database: { type: 'string', enum: ['pglite', 'postgres'] },
    blobStore: { type: 'string', enum: ['local', 's3'] },
    checks: {
      type: 'object',
      required: ['database', 'blobStore'],
      properties: { database: { type: 'boolean' }, blobStore: { type: 'boolean' } },
    },
  },
} as const;
