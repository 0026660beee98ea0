import type { ErrorObject } from 'ajv';
import type { FastifyServerOptions } from 'fastify';
import { describeErrors, fieldErrors } from '../shared/validation/createAjv';

/**
 * Fastify's `schemaErrorFormatter`: a request its route schema refuses, said in the same words as a
 * document the model's schema refuses ('limit: must be at most 500; email: must be an e-mail address'),
 * never as Ajv's wording or a regular expression (a pattern says its `x-patternMessage`). A problem of
 * the whole body or query string names it ('body: must be an object'). Fastify's Ajv runs `verbose`,
 * so each error carries the schema beside the pattern.
 */
export const routeValidationError: NonNullable<FastifyServerOptions['schemaErrorFormatter']> = (errors, dataVar) => {
  const fields = fieldErrors(errors as ErrorObject[]).map((error) => ({ ...error, field: error.field || dataVar }));
  return new Error(describeErrors(fields));
};
