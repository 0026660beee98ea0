import type { ApiFailure } from '../core/data/types';

/** What the bank statement dialog says of an import that failed, and what to do about it. */
export interface ImportFailure {
  title: string;
  message: string;
  hint: string;
}

/**
 * The server answers an import as a whole (all credits booked, or none): any answer of its that is a
 * failure means nothing was booked. No answer at all (the connection dropped) may come after the booking,
 * so it says only that trying again books nothing twice.
 */
export function importFailure(failure: unknown): ImportFailure {
  const { status, message } = (failure ?? {}) as Partial<ApiFailure>;
  const text = message ?? String(failure);
  if (typeof status === 'number' && status > 0)
    return {
      title: 'Nothing was booked',
      // The title says it already: 'Nothing was booked: credit 3 of 3 (…) was refused' reads 'Credit 3 of 3 (…)'.
      message: text.replace(/^Nothing was booked: (.)/, (_whole, first: string) => first.toUpperCase()),
      hint: 'The file is booked as a whole or not at all. Try again once the cause is fixed; credits booked before stay as they are.',
    };
  return {
    title: 'No answer from the server',
    message: text,
    hint: 'Some credits may be booked already. Try again: a credit already booked is never booked twice.',
  };
}
