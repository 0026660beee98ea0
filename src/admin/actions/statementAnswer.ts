import type { BankStatementAnswer, StatementEntry } from '../../shared/api/payment';

/** The import's answer once a suggested credit was booked: it leaves Suggested for Matched (or Partly paid). */
export function withBooked(
  answer: BankStatementAnswer,
  credit: string,
  outcome: 'matched' | 'partial',
  entry: StatementEntry,
): BankStatementAnswer {
  return {
    ...answer,
    suggested: answer.suggested.filter((suggestion) => suggestion.credit !== credit),
    [outcome]: [...answer[outcome], entry],
  };
}

/** The record without `key` (a settled booking leaves the per-credit states). */
export function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

/** The file was read but holds no credit at all (only debits, or nothing): there was nothing to book. */
export function holdsNoCredit(answer: BankStatementAnswer): boolean {
  return (
    answer.alreadyBooked === 0 &&
    [answer.matched, answer.partial, answer.suggested, answer.unmatched].every((entries) => entries.length === 0)
  );
}
