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
