import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance } from 'fastify';
import { fieldErrors } from '../shared/validation/createAjv';

/** The one error type of the server: a status and a message safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields of the JSON answer, e.g. `fields` for validation errors or `retryAfter`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const unauthorized = (message = 'Not logged in') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, details);

/** Every failure answers `{ error }` with its status; unexpected errors are logged and answer 500 without details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send({ error: error.message, ...error.details });
    }
    // PostgreSQL refused a NUL character (22P05) or an invalid byte (22021) in text: the input was bad, not the
    // server. Request hygiene refuses NUL before any route; this is the backstop for what reaches SQL anyway.
    const code = (error as { code?: unknown }).code;
    if (code === '22P05' || code === '22021') {
      return reply.status(400).send({ error: 'Text must not contain NUL characters or invalid UTF-8' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const sent = (request.headers['content-type'] || 'none').slice(0, 100);
      const accepted = request.routeOptions.config?.accepts ?? 'application/json';
      return reply.status(415).send({ error: `Unsupported content type ${sent}: this route accepts ${accepted}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: 'Internal server error' });
    }
    if (error.validation) {
      // `fields` names the field (`email`) apart from the message, so a form can show it at its input.
      const fields = fieldErrors(error.validation as ErrorObject[]);
      return reply.status(400).send({ error: error.message, ...(fields.length > 0 ? { fields } : {}) });
    }
    return reply.status(status).send({ error: error.message });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}
