import type { FieldInfo } from './fields';
import type { ModelInfo } from './models';

/** The model's fields that place its documents in a tree of their own model (`x-relation.tree`: a page's parent). */
export function treeFields(model: ModelInfo): FieldInfo[] {
  return model.fields.filter((field) => field.relation?.tree);
}

/** What is wrong with the model's `x-relation.tree` annotations, one message each (empty when nothing). */
export function treeProblems(models: Record<string, ModelInfo>): string[] {
  return Object.values(models).flatMap((model) =>
    treeFields(model).flatMap((field) => {
      const at = `${model.name}.${field.name}`;
      const relation = field.relation!;
      return [
        ...(relation.model === model.name ? [] : [`${at}: a tree relation names its own model, not ${relation.model}`]),
        ...(relation.many ? [`${at}: a tree relation holds one parent, not an array of ids`] : []),
        ...(relation.key === '_id' ? [] : [`${at}: a tree relation links by _id, not by ${relation.key}`]),
      ];
    }),
  );
}

/**
 * The keys of `options` that may be the parent of document `self` through a tree relation: not `self`, and not
 * one below it (whose chain of parents reaches `self`). `parentOf` answers an option's own parent; a chain
 * leaving the options (a parent not among them) ends there, and a loop already stored ends it too.
 */
export function outsideSubtree<T>(
  options: T[],
  self: string,
  keyOf: (option: T) => string,
  parentOf: (option: T) => string | undefined,
): T[] {
  const parents = new Map(options.map((option) => [keyOf(option), parentOf(option)]));
  const below = (key: string) => {
    const seen = new Set<string>();
    for (let at: string | undefined = key; at !== undefined && !seen.has(at); at = parents.get(at)) {
      if (at === self) return true;
      seen.add(at);
    }
    return false;
  };
  return options.filter((option) => !below(keyOf(option)));
}
