import type { FastifyInstance } from 'fastify';
import {
  DEBUG_EVAL_MAX_CODE,
  DEBUG_EVAL_ROLE,
  type DebugEvalReply,
  type DebugStatus,
} from '../../../shared/api/realtime';
import { SYSTEM, type Caller } from '../../access/caller';
import { sql } from '../../db/sql';
import { badRequest, forbidden } from '../../errors';
import type { Services } from '../../services';
import { evaluate } from './evaluate';

export const DEBUG_AUDIT_TABLE = 'debug_eval_audit';

const allowed = (enabled: boolean, caller: Caller) =>
  enabled && Boolean(caller.user) && caller.roles.includes(DEBUG_EVAL_ROLE);

/**
 * The debug terminal (spec section 2 and 7): the websocket command `debug.eval` runs JavaScript on the server.
 * Off unless `DEBUG_EVAL=1`; then only for users with the superuser role; every call goes to the audit table.
 */
export async function debugRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { config, db, log } = services;
  await db.exec(`CREATE TABLE IF NOT EXISTS ${DEBUG_AUDIT_TABLE} (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    user_id text,
    login text,
    code text NOT NULL,
    outcome text NOT NULL,
    duration_ms integer NOT NULL
  )`);

  app.get(
    '/api/debug/status',
    {
      schema: {
        summary: 'Whether the caller may use the debug terminal',
        tags: ['debug'],
        response: { 200: { type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' } } } },
      },
    },
    async (request): Promise<DebugStatus> => ({ enabled: allowed(config.debugEval, request.caller) }),
  );

  const audit = async (caller: Caller, code: string, outcome: string, duration: number) => {
    await db.query(
      sql`INSERT INTO debug_eval_audit (user_id, login, code, outcome, duration_ms) VALUES (${caller.user?._id ?? null}, ${caller.user?.login ?? null}, ${code}, ${outcome}, ${duration})`,
    );
  };

  app.realtime.registerCommand(
    'debug.eval',
    async (ctx, data): Promise<DebugEvalReply> => {
      if (!config.debugEval) throw forbidden('debug.eval is disabled');
      const js = typeof data === 'object' && data !== null ? (data as { js?: unknown }).js : undefined;
      if (!allowed(true, ctx.caller)) {
        // Attempts are audited too.
        const code =
          typeof js === 'string' ? js.slice(0, DEBUG_EVAL_MAX_CODE) : JSON.stringify(data ?? null).slice(0, 2000);
        await audit(ctx.caller, code, 'refused', 0);
        throw forbidden(`debug.eval needs the ${DEBUG_EVAL_ROLE} role`);
      }
      if (typeof js !== 'string' || js.trim() === '' || js.length > DEBUG_EVAL_MAX_CODE)
        throw badRequest(`data.js must be code of 1 to ${DEBUG_EVAL_MAX_CODE} characters`);
      const reply = await evaluate(js, { services, SYSTEM }, config.debugEvalTimeoutMs);
      const outcome = reply.error ? `error: ${reply.error}` : 'ok';
      log.warn({ audit: 'debug.eval', user: ctx.caller.user?.login, outcome, duration: reply.duration }, 'debug.eval');
      await audit(ctx.caller, js, outcome, reply.duration);
      return reply;
    },
    { replace: true },
  );
}
