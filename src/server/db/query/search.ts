import { badRequest } from '../../errors';
import type { ModelInfo } from '../../../shared/registry';
import { sql, type Sql } from '../sql';
import { searchColumn } from '../tables';
import { LIMITS } from './context';

/**
 * Substring search over the searchable fields, case-insensitive. `LIKE '%term%'` on the model's
 * search column (their lower-cased text, trigram-indexed), so the index answers it. `undefined` for an
 * empty term (no condition).
 */
export function translateSearch(term: string, model: ModelInfo): Sql | undefined {
  // Composed (NFC) as stored text is: a decomposed ü typed or pasted into the search finds Müller.
  const trimmed = term.trim().normalize('NFC');
  if (trimmed === '') return undefined;
  if (trimmed.length > LIMITS.searchLength)
    throw badRequest(`Search term too long (at most ${LIMITS.searchLength} characters)`);
  const expression = searchColumn(model);
  if (!expression) throw badRequest(`${model.label} has no searchable fields`);
  // LIKE's wildcards and its escape character are matched literally.
  const escaped = trimmed.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${expression} LIKE '%' || lower(${escaped}::text) || '%'`;
}
