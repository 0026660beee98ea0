import type { FieldInfo } from './fields';
import type { ModelInfo } from './models';

/** One half of a two-way link (`x-inverse`): `field` of a model names a `target` whose `inverse` names it back. */
export interface InversePair {
  field: FieldInfo;
  target: ModelInfo;
  inverse: FieldInfo;
  /** Several documents may name one target through `field`; the target's `inverse` keeps the first linked. */
  shared: boolean;
}

type Models = Record<string, ModelInfo>;

const fieldOf = (model: ModelInfo | undefined, name: string) => model?.fields.find((field) => field.name === name);

/**
 * What is wrong with the model's `x-inverse` annotations, one message each (empty when nothing). Both halves
 * name each other, so the machinery can follow the link from either side; only single ids are mirrored.
 */
export function inverseProblemsOf(models: Models, model: ModelInfo): string[] {
  const problems: string[] = [];
  for (const field of model.fields) {
    if (!field.inverse) continue;
    const at = `${model.name}.${field.name}`;
    const relation = field.relation;
    if (!relation) {
      problems.push(`${at}: x-inverse needs an x-relation on the same field`);
      continue;
    }
    if (relation.many) problems.push(`${at}: x-inverse links one document, not an array of ids`);
    if (relation.key !== '_id') problems.push(`${at}: x-inverse links by _id, not by ${relation.key}`);
    if (field.readOnly) problems.push(`${at}: x-inverse needs a writable field`);
    const target = Object.hasOwn(models, relation.model) ? models[relation.model] : undefined;
    const inverse = fieldOf(target, field.inverse.field);
    const there = `${relation.model}.${field.inverse.field}`;
    if (!inverse) {
      problems.push(`${at}: x-inverse names ${there}, which does not exist`);
      continue;
    }
    if (inverse.relation?.model !== model.name) {
      problems.push(`${at}: x-inverse names ${there}, which is no x-relation to ${model.name}`);
      continue;
    }
    if (inverse.inverse?.field !== field.name) {
      problems.push(`${at}: ${there} must name it back with "x-inverse": "${field.name}"`);
      continue;
    }
    if (field.inverse.shared && inverse.inverse.shared)
      problems.push(`${at}: only one half of a pair may be shared (${there} is too)`);
  }
  return problems;
}

/** Every problem of every model's `x-inverse` annotations. */
export function inverseProblems(models: Models): string[] {
  return Object.values(models).flatMap((model) => inverseProblemsOf(models, model));
}

const pairCache = new WeakMap<ModelInfo, InversePair[]>();

/** The model's halves of two-way links that are declared correctly (the server refuses to start otherwise). */
export function inversePairs(models: Models, model: ModelInfo): InversePair[] {
  let pairs = pairCache.get(model);
  if (!pairs) {
    pairs = [];
    if (inverseProblemsOf(models, model).length === 0) {
      for (const field of model.fields) {
        if (!field.inverse || !field.relation) continue;
        const target = models[field.relation.model];
        pairs.push({ field, target, inverse: fieldOf(target, field.inverse.field)!, shared: field.inverse.shared });
      }
    }
    pairCache.set(model, pairs);
  }
  return pairs;
}
