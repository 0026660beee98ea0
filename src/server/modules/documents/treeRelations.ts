import { treeFields, type ModelInfo } from '../../../shared/registry';
import { badRequest } from '../../errors';
import type { DocumentRepository } from './repository';
import type { RelationWrite } from './relations';

/** More steps up than any real tree has: a longer chain is a loop stored before this check existed. */
const MAX_DEPTH = 1000;

/**
 * A tree relation (`x-relation.tree`, a page's parent) stays a tree: an update may not make a document its own
 * parent, nor put it below itself (the new parent's chain of parents reaching it). 400 naming the field. A new
 * document has nothing below it yet, so only updates that change the field are checked.
 */
export async function assertTreeShape(
  tx: DocumentRepository,
  model: ModelInfo,
  { doc, existing }: RelationWrite,
): Promise<void> {
  if (!existing) return;
  const self = String(existing._id);
  for (const field of treeFields(model)) {
    const parent = doc[field.name];
    if (typeof parent !== 'string' || parent === existing[field.name]) continue;
    const refuse = (message: string) => badRequest(message, { fields: [{ field: field.name, message }] });
    const [what, relation] = [model.label.toLowerCase(), field.label.toLowerCase()];
    if (parent === self) throw refuse(`A ${what} cannot be its own ${relation}`);
    const seen = new Set<string>();
    for (let at: string | undefined = parent; at && !seen.has(at) && seen.size < MAX_DEPTH;) {
      seen.add(at);
      const above: unknown = (await tx.findById(model.name, at))?.[field.name];
      if (above === self) throw refuse(`A ${what} cannot be placed below itself: the chosen ${relation} is below it`);
      at = typeof above === 'string' ? above : undefined;
    }
  }
}
