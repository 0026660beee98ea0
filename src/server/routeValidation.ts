import type { ErrorObject } from 'ajv';
import type { FastifyServerOptions } from 'fastify';
import { patternWords } from '../shared/validation/createAjv';

/**
 * Fastify's `schemaErrorFormatter`: a request its route schema refuses, said as Fastify says it
 * ('querystring/id must …'), except that a pattern is said in words (its `x-patternMessage`, see
 * `patternWords`), never as the regular expression. Fastify's Ajv runs `verbose`, so each error
 * carries the schema beside the pattern.
 */
export const routeValidationError: NonNullable<FastifyServerOptions['schemaErrorFormatter']> = (errors, dataVar) => {
  const said = errors.map((error) => {
    const message = error.keyword === 'pattern' ? patternWords(error as ErrorObject) : error.message;
    return `${dataVar}${error.instancePath} ${message}`;
  });
  return new Error(said.join(', '));
};
