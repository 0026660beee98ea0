import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../../../shared/api/errors';
import { HttpError, unauthorized } from '../../errors';
import type { Services } from '../../services';
import { bearerToken, clearSessionCookie, setSessionCookie } from './sessionCookie';

/** Response schemas are what keeps the password hash out of every answer, whatever the document holds. */
export const publicUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'login', 'roles'],
  properties: {
    _id: { type: 'string' },
    login: { type: 'string' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    avatar: {
      type: 'object',
      additionalProperties: false,
      properties: { file: { type: 'string' }, src: { type: 'string' } },
    },
    roles: { type: 'array', items: { type: 'string' } },
  },
} as const;

const loginStateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'user'],
  properties: { token: { type: 'string' }, user: publicUserSchema },
} as const;

const errorSchema = errorBodySchema;

const loginBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 256 },
  },
} as const;

// Route schemas as constants: `summary` is for the OpenAPI description, which FastifySchema does not declare.
const loginRouteSchema = {
  summary: 'Log in: returns the login state (token and user)',
  body: loginBodySchema,
  response: { 200: loginStateSchema, 401: errorSchema, 429: errorSchema },
};
const selfRouteSchema = {
  summary: 'The logged-in user (checks the session)',
  response: { 200: publicUserSchema, 401: errorSchema },
};
const logoutRouteSchema = {
  summary: 'Revokes the session of the bearer token',
  response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } }, 401: errorSchema },
};

interface LoginBody {
  username: string;
  password: string;
}

/** A login body is two short strings: anything near this size is not a login. */
const LOGIN_BODY_LIMIT = 4_096;
/**
 * Coarse in-memory flood guard per address, in front of the per-account and per-address limits
 * in `auth_attempt` (those are the real protection; this one only spares the database a flood).
 */
const LOGIN_REQUESTS_PER_MINUTE = 100;

export function authRoutes(app: FastifyInstance, services: Services): void {
  const { auth } = services;

  app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => {
        const retryAfter = Math.max(1, Math.ceil(context.ttl / 1000));
        return new HttpError(429, `Too many requests, try again in ${retryAfter} seconds`, { retryAfter });
      },
    });

    scope.post<{ Body: LoginBody }>(
      '/api/login',
      {
        bodyLimit: LOGIN_BODY_LIMIT,
        config: { rateLimit: { max: LOGIN_REQUESTS_PER_MINUTE, timeWindow: 60_000 }, ignoreInvalidToken: true },
        schema: loginRouteSchema,
      },
      async (request, reply) => {
        try {
          const state = await auth.login(request.body.username, request.body.password, request.ip);
          setSessionCookie(request, reply, state.token, services.config.sessionTtlMs);
          return state;
        } catch (error) {
          if (error instanceof HttpError && typeof error.details.retryAfter === 'number') {
            reply.header('retry-after', String(error.details.retryAfter));
          }
          throw error;
        }
      },
    );
  });

  app.get('/api/self', { schema: selfRouteSchema }, async (request) => auth.currentUser(request.caller));

  app.post('/api/logout', { schema: logoutRouteSchema }, async (request, reply) => {
    const token = bearerToken(request);
    if (!token || !request.caller.user) throw unauthorized();
    await auth.logout(token);
    clearSessionCookie(request, reply);
    return { ok: true };
  });
}
