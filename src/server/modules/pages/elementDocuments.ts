import { walkElements, isElementNode } from '../../../shared/site/compose';
import type { ElementNodeValue } from '../../../shared/generated/types';
import { OPTION_LIMIT } from '../../../shared/rules/constants';
import { SYSTEM } from '../../access/caller';
import type { Doc, DocumentService } from '../documents/service';

/** The models whose documents hold page elements: published pages, their drafts, layouts. */
export type ElementModel = 'page' | 'pageDraft' | 'layout';

/** The element nodes of a stored document: a page's list, or the elements of a layout's positioned items. */
export function documentElements(model: ElementModel, doc: Doc): ElementNodeValue[] {
  const list: unknown[] = Array.isArray(doc.elements) ? doc.elements : [];
  const nodes = model === 'layout' ? list.map((item) => (item as { element?: unknown } | null)?.element) : list;
  return nodes.filter(isElementNode);
}

/**
 * Calls `visit` with every element (nested ones too) of every document of `models`, read as the server:
 * what the site may render or the editor may publish, whoever asks. Reads a page of documents at a time.
 */
export async function forEachStoredElement(
  documents: Pick<DocumentService, 'find'>,
  models: readonly ElementModel[],
  visit: (model: ElementModel, doc: Doc, element: ElementNodeValue) => void,
): Promise<void> {
  for (const model of models) {
    for (let offset = 0; ; offset += OPTION_LIMIT) {
      const { results } = await documents.find(SYSTEM, model, { limit: OPTION_LIMIT, offset, sort: { _id: 1 } });
      for (const doc of results) walkElements(documentElements(model, doc), (element) => visit(model, doc, element));
      if (results.length < OPTION_LIMIT) break;
    }
  }
}
