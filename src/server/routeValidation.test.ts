import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { addVocabulary } from '../shared/validation/createAjv';
import { routeValidationError } from './routeValidation';

/** Fastify's Ajv as app.ts sets it up: verbose, with our keywords. */
const ajv = addVocabulary(new Ajv({ verbose: true, allErrors: false, coerceTypes: 'array' }));
const errorsOf = (schema: object, data: unknown) => {
  const validate = ajv.compile(schema);
  expect(validate(data)).toBe(false);
  return validate.errors!;
};

describe('routeValidationError', () => {
  it("says a pattern with its x-patternMessage, else as 'not in the expected form', never as the regular expression", () => {
    const id = { type: 'string', pattern: '^[0-9a-f]{24}$', 'x-patternMessage': 'must be a document id' };
    const schema = { type: 'object', properties: { id, code: { type: 'string', pattern: '^[A-Z]+$' } } };
    expect(routeValidationError(errorsOf(schema, { id: 'x' }), 'params').message).toBe('id: must be a document id');
    expect(routeValidationError(errorsOf(schema, { code: 'ab' }), 'querystring').message).toBe(
      'code: is not in the expected form',
    );
  });

  it('says other rules as a refused document says them, several joined by "; "', () => {
    const schema = { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 3 } } };
    const errors = [...errorsOf(schema, {}), ...errorsOf(schema, { name: 'Kontakt' })];
    expect(routeValidationError(errors, 'body').message).toBe(
      'name: is required; name: must have at most 3 characters',
    );
  });

  it('names the body or query string when the whole of it is wrong', () => {
    expect(routeValidationError(errorsOf({ type: 'object' }, 'text'), 'body').message).toBe('body: must be an object');
  });
});
