import type { FieldError } from '../validation/createAjv';

/**
 * What every failed call answers (spec section 8): `error` is the message a person can act on;
 * validation failures add the message per field, rate limits the seconds to wait.
 */
export interface ErrorBody {
  error: string;
  fields?: FieldError[];
  retryAfter?: number;
}

/** The JSON Schema of the error body, for route response schemas and the OpenAPI description. */
export const errorBodySchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    fields: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
    retryAfter: { type: 'integer' },
  },
} as const;

/** The message of an answer's body: its `error` when it is an error body, else undefined. */
export function errorMessage(body: unknown): string | undefined {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' ? error : undefined;
}
