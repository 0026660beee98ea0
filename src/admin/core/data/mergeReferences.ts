import type { FileReferencesAnswer } from '../../../shared/api/files';

/**
 * Where several files are used, from one answer per file: each document once. Uses the user may not look at come
 * without ids, so a page using two of the files cannot be told from two pages: per model the largest count of one
 * file is taken (never more pages than there are; at least that many).
 */
export function mergeReferences(answers: readonly FileReferencesAnswer[]): FileReferencesAnswer {
  const seen = new Set<string>();
  const references = answers
    .flatMap((answer) => answer.references)
    .filter((reference) => {
      const key = `${reference.model}:${reference.id}`;
      return !seen.has(key) && !!seen.add(key);
    });
  const hidden = new Map<string, number>();
  for (const { model, count } of answers.flatMap((answer) => answer.hidden ?? []))
    hidden.set(model, Math.max(hidden.get(model) ?? 0, count));
  return { references, hidden: [...hidden].map(([model, count]) => ({ model, count })) };
}
