import type { ModelInfo, Registry } from '../../../shared/registry';
import type { RelationAnnotation } from '../../../shared/vocabulary';
import type { Caller } from '../../access/caller';
import { badRequest } from '../../errors';
import { accessFields, canReadField } from './access';
import { relatedScope, relatedView } from './relatedLabels';
import type { DocumentRepository, RelatedSelection } from './repository';
import type { Doc } from './service';

interface RelationPath {
  /** Top-level field, e.g. `client` or `items`. */
  field: string;
  /** Property inside each array item for `items.user`. */
  itemField?: string;
  relation: RelationAnnotation & { key: string };
  many: boolean;
}

/** `client` (an id), `projects` (ids) or `items.user` (an id inside each item of an array). */
export function relationPath(registry: Registry, model: ModelInfo, caller: Caller, path: string): RelationPath {
  const [name, itemField, ...rest] = path.split('.');
  const field = model.fields.find((f) => f.name === name);
  if (!field || rest.length > 0) throw badRequest(`Cannot populate ${path}: not a relation of ${model.label}`);
  if (!canReadField(caller, field)) throw badRequest(`Cannot populate ${path}: field not readable`);
  if (!itemField) {
    if (!field.relation) throw badRequest(`Cannot populate ${path}: not a relation of ${model.label}`);
    return { field: name, relation: field.relation, many: field.relation.many };
  }
  const items =
    field.type === 'array' && field.schema.items
      ? registry.resolver.deref(field.schema.items, model.schema.$id)
      : undefined;
  const property = items?.schema.properties?.[itemField];
  const relation = property && registry.resolver.deref(property, items?.baseId).schema['x-relation'];
  if (!relation) throw badRequest(`Cannot populate ${path}: not a relation of ${model.label}`);
  return { field: name, itemField, relation: { ...relation, key: relation.key ?? '_id' }, many: false };
}

/** Slots holding the related keys of one document for a path: [container, property] pairs. */
function slots(doc: Record<string, unknown>, path: RelationPath): [Record<string, unknown>, string][] {
  if (!path.itemField) return [[doc, path.field]];
  const items = doc[path.field];
  return Array.isArray(items)
    ? items
        .filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object')
        .map((item) => [item, path.itemField!])
    : [];
}

/** One populate path, planned: where the keys sit and which of the target's documents to fetch. */
export interface PopulatePlan {
  path: RelationPath;
  target: ModelInfo;
  selection: RelatedSelection;
}

/**
 * The populate paths of a call as what to fetch; a bad path is a 400, a target the caller may not
 * read is left out (its keys stay as they are) unless its relation shares its label (relatedLabels.ts).
 */
export function planPopulate(registry: Registry, caller: Caller, model: ModelInfo, paths: string[]): PopulatePlan[] {
  const plans: PopulatePlan[] = [];
  for (const path of [...new Set(paths)].map((p) => relationPath(registry, model, caller, p))) {
    const target = registry.model(path.relation.model);
    // A relation to a soft-deleted document still shows what it was (to callers who may see deleted ones).
    const scope = target && relatedScope(caller, target, relationOf(path));
    if (!target || !scope) continue;
    plans.push({
      path,
      target,
      selection: {
        model: target,
        key: path.relation.key,
        field: path.field,
        itemField: path.itemField,
        scope,
        // Only what is shown (and what the access check reads) leaves the database.
        fields: [...shownFields(path), path.relation.key, ...accessFields(target)],
      },
    });
  }
  return plans;
}

/** The relation of a populate path with its defaults: the label is the first populated field unless named. */
const relationOf = ({ relation }: RelationPath) => ({ ...relation, label: relation.label ?? relation.populate[0] });

/** The target fields a populated relation answers: the populated ones and the label. */
const shownFields = (path: RelationPath) => [...new Set([...path.relation.populate, relationOf(path).label])];

/**
 * Replaces related keys by `{ _id, ...populated fields, _deletedAt? }` of the fetched targets the caller may
 * see (of a shared label only `{ _id, label }`); other keys stay.
 */
export function applyPopulated(caller: Caller, docs: Doc[], plans: PopulatePlan[], related: Doc[][]): void {
  plans.forEach(({ path, target }, index) => {
    const byKey = new Map<string, Record<string, unknown>>();
    for (const doc of related[index] ?? []) {
      const visible = relatedView(caller, target, relationOf(path), doc);
      if (!visible) continue;
      const picked: Record<string, unknown> = { _id: doc._id };
      for (const name of shownFields(path)) if (visible[name] !== undefined) picked[name] = visible[name];
      // Lists can say that the related document is gone (a shared label alone does not tell).
      if (visible._deletedAt !== undefined) picked._deletedAt = visible._deletedAt;
      byKey.set(String(doc[path.relation.key]), picked);
    }
    for (const doc of docs) {
      for (const [container, property] of slots(doc, path)) {
        const value = container[property];
        const resolve = (key: unknown) => (typeof key === 'string' ? (byKey.get(key) ?? key) : key);
        container[property] = Array.isArray(value) ? value.map(resolve) : resolve(value);
      }
    }
  });
}

/** Populates documents already in memory (a single document): one query per relation path, never one per row. */
export async function populate(
  repo: DocumentRepository,
  registry: Registry,
  caller: Caller,
  model: ModelInfo,
  docs: Doc[],
  paths: string[],
): Promise<void> {
  const plans = planPopulate(registry, caller, model, paths);
  const related = await Promise.all(
    plans.map(({ path, selection }) => {
      const keys = new Set<string>();
      for (const doc of docs) {
        for (const [container, property] of slots(doc, path)) {
          const value = container[property];
          for (const key of Array.isArray(value) ? value : [value]) if (typeof key === 'string') keys.add(key);
        }
      }
      return repo.findByKeys(selection.model, selection.key, [...keys], selection.scope, selection.fields);
    }),
  );
  applyPopulated(caller, docs, plans, related);
}
