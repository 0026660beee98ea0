import type { FastifyError, FastifyInstance } from 'fastify';

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
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: 'Internal server error' });
    }
    if (error.validation) {
      const where = error.validationContext ?? 'request';
      return reply
        .status(400)
        .send({ error: `${where}${error.message.replace(/^(body|querystring|params|headers)/, '')}` });
    }
    return reply.status(status).send({ error: error.message });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}
