import { OPTION_LIMIT } from '../../shared/rules/constants';
import type { FormDataSource, RelationOption } from './types';

type Documents = Record<string, Record<string, unknown>[]>;

/**
 * A data source over documents held in memory (stories, component tests), answering like the
 * admin's: live documents sorted by the label field, at most OPTION_LIMIT, optionally filtered by a search
 * text; a label by id includes deleted documents.
 */
export function createMemoryDataSource(
  documents: Documents,
  options: { delayMs?: number; limit?: number } = {},
): FormDataSource {
  const { delayMs = 0, limit = OPTION_LIMIT } = options;
  return {
    async loadOptions(model, labelField, search) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const needle = search?.toLowerCase();
      return (documents[model] ?? [])
        .filter((doc) => doc._deletedAt === undefined)
        .map((doc): RelationOption => ({ value: String(doc._id), label: String(doc[labelField] ?? doc._id) }))
        .filter((option) => !needle || option.label.toLowerCase().includes(needle))
        .sort((a, b) => a.label.localeCompare(b.label))
        .slice(0, limit);
    },
    async loadLabel(model, labelField, id) {
      const doc = (documents[model] ?? []).find((candidate) => candidate._id === id);
      return doc && { label: String(doc[labelField] ?? doc._id), deleted: doc._deletedAt !== undefined };
    },
  };
}
