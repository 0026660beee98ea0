import type { Registry } from '../../../shared/registry';
import { OPTION_LIMIT } from '../../../shared/rules/constants';
import { describeProblems, elementListProblems } from '../../../shared/validation/elementProblems';
import { SYSTEM } from '../../access/caller';
import type { Services } from '../../services';
import type { Doc, DocumentService } from '../documents/service';
import { checkerOf } from './elementCheck';

/** A served document whose elements the element check refuses. */
export interface StoredElementWarning {
  model: 'page' | 'layout';
  id: string;
  /** The problems in the words of a refused save (`elements[1] Form › Form name: is required`), the first few. */
  problems: string;
  /** One sentence naming the document, the problems and where to fix them. */
  message: string;
}

/**
 * The served documents (published pages, layouts) whose stored elements the element check would refuse:
 * stored before the check, or before it grew stricter. They are served as they are; the log says which, so
 * someone fixes them (the editor says the same at their next save). Drafts are left out: nobody sees them.
 */
export async function storedElementWarnings(
  documents: Pick<DocumentService, 'find'>,
  registry: Registry,
): Promise<StoredElementWarning[]> {
  const warnings: StoredElementWarning[] = [];
  for (const model of ['page', 'layout'] as const) {
    if (!registry.model(model)) continue;
    const checker = checkerOf(registry, 'complete');
    for (let offset = 0; ; offset += OPTION_LIMIT) {
      const { results } = await documents.find(SYSTEM, model, { limit: OPTION_LIMIT, offset, sort: { _id: 1 } });
      for (const doc of results) {
        const found = elementListProblems(doc.elements, checker, { positioned: model === 'layout' });
        if (found.length === 0) continue;
        const problems = describeProblems(found);
        warnings.push({ model, id: String(doc._id), problems, message: warningText(model, doc, problems) });
      }
      if (results.length < OPTION_LIMIT) break;
    }
  }
  return warnings;
}

/**
 * Logs one warning per served page and layout the element check refuses (they are served as they are).
 * Part of a start's one-off work (`prepareStart`), not of every process: a worker serves no page.
 */
export async function logStoredElementWarnings(services: Pick<Services, 'documents' | 'registry' | 'log'>) {
  const stored = await storedElementWarnings(services.documents, services.registry).catch((error: unknown) => {
    services.log.warn({ err: error }, 'stored pages and layouts could not be checked');
    return [];
  });
  for (const { model, id, message } of stored) services.log.warn({ model, id }, message);
}

/** `Page /kontakt (id …) is served with elements the element check refuses: …; fix them in its draft and publish it again`. */
function warningText(model: 'page' | 'layout', doc: Doc, problems: string): string {
  const named =
    model === 'page'
      ? `Page ${typeof doc._path === 'string' ? doc._path : String(doc.name ?? '')} (id ${String(doc._id)})`
      : `Layout “${String(doc.name ?? '')}” (id ${String(doc._id)})`;
  const fix = model === 'page' ? 'fix them in its draft and publish it again' : 'fix them in the layout editor';
  return `${named} is served with elements the element check refuses: ${problems}; ${fix}`;
}
