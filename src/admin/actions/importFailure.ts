import type { ApiFailure } from '../core/data/types';

/** What the bank statement dialog says of an import that failed, and what to do about it. */
export interface ImportFailure {
  title: string;
  message: string;
  hint: string;
  /** Whether sending the same file again can succeed (not when the file itself was refused). */
  retry: boolean;
}

/** Statuses that refuse the file itself (its content, size or type): sent again unchanged, it fails again. */
const FILE_REFUSED = new Set([400, 413, 415]);

/**
 * Statuses only a proxy in front of the server answers for the import (our server answers them for other
 * routes only): the server was not reached, or its answer did not come through.
 */
const GATEWAY = new Set([502, 503, 504]);

/**
 * Why no answer of the server came, in the product's words ('Network error', spec section 8) instead of the
 * browser's ('Failed to fetch', 'NetworkError when attempting to fetch resource'); undefined when the
 * server answered.
 */
export function networkProblem(failure: unknown): string | undefined {
  const { status } = (failure ?? {}) as Partial<ApiFailure>;
  if (typeof status === 'number' && GATEWAY.has(status))
    return `Failed with status ${status}: the server could not be reached.`;
  if (typeof status === 'number' && status > 0) return undefined;
  return 'The server could not be reached, or the connection broke before its answer came.';
}

/**
 * The server answers an import as a whole (all credits booked, or none): any answer of its that is a
 * failure means nothing was booked. A refusal of the file itself offers no 'Try again' (the same file fails
 * the same way); one that may pass later (a conflict, the server failing) does. No answer at all (the connection dropped) may come after the booking,
 * so it says only that trying again books nothing twice.
 */
export function importFailure(failure: unknown): ImportFailure {
  const lost = networkProblem(failure);
  if (lost !== undefined)
    return {
      title: 'Network error',
      message: lost,
      hint: 'Some credits may be booked already. Try again: a credit already booked is never booked twice.',
      retry: true,
    };
  const { message, status } = (failure ?? {}) as Partial<ApiFailure>;
  const fileRefused = typeof status === 'number' && FILE_REFUSED.has(status);
  return {
    title: 'Nothing was booked',
    // The title says it already: 'Nothing was booked: credit 3 of 3 (…) was refused' reads 'Credit 3 of 3 (…)'.
    message: (message ?? String(failure)).replace(/^Nothing was booked: (.)/, (_whole, first: string) =>
      first.toUpperCase(),
    ),
    hint: fileRefused
      ? 'The file is booked as a whole or not at all. Correct the file (or ask the bank for a new one) and import it again; credits booked before stay as they are.'
      : 'The file is booked as a whole or not at all. Try again once the cause is fixed; credits booked before stay as they are.',
    retry: !fileRefused,
  };
}

/** Why booking a suggested credit failed: the server's refusal, or the network error and that booking again is safe. */
export function bookingFailure(failure: unknown): string {
  const lost = networkProblem(failure);
  if (lost !== undefined) return `Network error. ${lost} Book it again: a credit already booked is never booked twice.`;
  return (failure as Partial<ApiFailure> | undefined)?.message ?? String(failure);
}
