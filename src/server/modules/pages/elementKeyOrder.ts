import { recordKeyOrder, restoreKeyOrder } from '../../../shared/registry/keyOrder';
import type { Registry } from '../../../shared/registry';
import type { ModelHooks } from '../documents/hooks';
import type { Doc } from '../documents/service';
import { documentElements, type ElementModel } from './elementDocuments';
import { walkElements } from '../../../shared/site/compose';

/** Runs `apply` on the props of every element of `doc` (nested ones too), with the schema of its tag. */
function forEachElementProps(
  registry: Registry,
  model: ElementModel,
  doc: Record<string, unknown>,
  apply: typeof recordKeyOrder,
): void {
  walkElements(documentElements(model, doc as Doc), (element) => {
    const info = registry.element(element.tag);
    if (info && element.props && typeof element.props === 'object')
      apply(info.schema, element.props, registry.resolver);
  });
}

/**
 * `hooks` with the key order of element props kept (`x-ordered`: a form's fields), although jsonb reorders
 * object keys: a write of elements records the written order in `x-order` first (the element check then
 * sees it), a read answers the keys in the recorded order after the other read hooks.
 */
export function withKeyOrder(model: ElementModel, hooks: ModelHooks): ModelHooks {
  return {
    ...hooks,
    afterRead(args) {
      const doc = hooks.afterRead?.(args) ?? args.doc;
      forEachElementProps(args.registry, model, doc, restoreKeyOrder);
      return doc;
    },
    async beforeWrite(args) {
      if (Object.hasOwn(args.input, 'elements')) forEachElementProps(args.registry, model, args.doc, recordKeyOrder);
      await hooks.beforeWrite?.(args);
    },
  };
}

/** A page version's copy of the page (`content`) is answered in the recorded key order too: restoring it writes it back. */
export const pageVersionKeyOrderHooks: Pick<ModelHooks, 'afterRead'> = {
  afterRead({ registry, doc }) {
    const content = doc.content;
    if (content && typeof content === 'object' && !Array.isArray(content))
      forEachElementProps(registry, 'page', content as Record<string, unknown>, restoreKeyOrder);
    return doc;
  },
};
