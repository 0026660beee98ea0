import type { FieldError } from '../../shared/validation/createAjv';

/** A refused submission: the server's `error`, and its `fields` (field name and message) when it named them. */
export class SubmitError extends Error {
  constructor(
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

/** The field errors a failed submission carries (none for a network failure or an answer without them). */
export function submitFieldErrors(error: unknown): FieldError[] {
  return error instanceof SubmitError ? error.fields : [];
}
