import { OPTION_LIMIT } from '../../shared/rules/constants';
import { matchesWhere, optionText, orderByDetails, relationOptionOf } from './relationOption';
import type { FormDataSource } from './types';

type Documents = Record<string, Record<string, unknown>[]>;

/**
 * A data source over documents held in memory (stories, component tests), answering like the
 * admin's: live documents matching the relation's `where`, sorted by the label field (then the details), at most OPTION_LIMIT,
 * optionally filtered by a search text (on the label); a label by id includes deleted and non-matching documents.
 */
export function createMemoryDataSource(
  documents: Documents,
  options: { delayMs?: number; limit?: number } = {},
): FormDataSource {
  const { delayMs = 0, limit = OPTION_LIMIT } = options;
  return {
    async loadOptions(relation, search) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const needle = search?.toLowerCase();
      const label = (doc: Record<string, unknown>) => relationOptionOf(doc, relation).label;
      const docs = (documents[relation.model] ?? [])
        .filter((doc) => doc._deletedAt === undefined && matchesWhere(doc, relation.where))
        .filter((doc) => !needle || label(doc).toLowerCase().includes(needle))
        .sort((a, b) => label(a).localeCompare(label(b)))
        .slice(0, limit);
      return orderByDetails(docs, relation).map((doc) => relationOptionOf(doc, relation));
    },
    async loadLabel(relation, id) {
      const doc = (documents[relation.model] ?? []).find((candidate) => candidate._id === id);
      if (!doc) return undefined;
      return { label: optionText(relationOptionOf(doc, relation)), deleted: doc._deletedAt !== undefined };
    },
  };
}
