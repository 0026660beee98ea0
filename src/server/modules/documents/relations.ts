import type { FieldInfo, ModelInfo, Registry } from '../../../shared/registry';
import type { JsonSchema } from '../../../shared/registry/jsonSchema';
import type { FieldError } from '../../../shared/validation/createAjv';
import { pluralize } from '../../../shared/rules/pluralize';
import { conflict, HttpError } from '../../errors';
import { LIVE_ROWS, type DocumentRepository } from './repository';
import type { Doc } from './service';

/** One place of a model's schema that holds related keys (`x-relation`): `client`, `projects.*`, `items.*.user`, `avatar.file`. */
interface RelationSpot {
  /** Property names and `*` for "every item of the array". */
  steps: string[];
  model: string;
  key: string;
  /** Field values a chosen document must have (`x-relation.where`). */
  where?: Record<string, string | number | boolean>;
}

const MAX_DEPTH = 12;

/**
 * The lock over one key value of a model that documents refer to by a key of their own (`role.name kasse`):
 * writes adding a reference to it hold it shared, its rename or delete exclusively. Either waits for the other
 * to end, so neither acts on what the other is about to change: a role deleted while a user was being granted it
 * would otherwise leave the user holding a role that is gone (each checked before the other wrote).
 */
const keyLock = (model: string, key: string, value: string) => `baukasten.refersTo ${model}.${key} ${value}`;

/** The value branch of a nullable union (`anyOf: [X, { type: 'null' }]`); other unions are not followed. */
function nullableBranch(schema: JsonSchema): JsonSchema | undefined {
  const branches = schema.type ? undefined : (schema.anyOf ?? schema.oneOf);
  const values = branches?.filter((branch) => branch.type !== 'null');
  return values?.length === 1 ? values[0] : undefined;
}

function collectSpots(
  registry: Registry,
  property: JsonSchema,
  baseId: string | undefined,
  steps: string[],
  spots: RelationSpot[],
): void {
  if (steps.length > MAX_DEPTH) return;
  const { schema, baseId: base } = registry.resolver.deref(property, baseId);
  const relation = schema['x-relation'];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (relation) {
    spots.push({
      steps: type === 'array' ? [...steps, '*'] : steps,
      model: relation.model,
      key: relation.key ?? '_id',
      where: relation.where,
    });
    return;
  }
  const branch = nullableBranch(schema);
  if (branch) return collectSpots(registry, branch, base, steps, spots);
  if (schema.items && (type === 'array' || !type)) collectSpots(registry, schema.items, base, [...steps, '*'], spots);
  // Open objects (element props, free JSON) have no declared relations and are not walked.
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    collectSpots(registry, child, base, [...steps, name], spots);
}

const spotCache = new WeakMap<ModelInfo, RelationSpot[]>();

/** Every place of the model's documents that holds related keys, top-level or nested in objects and arrays. */
export function relationSpots(registry: Registry, model: ModelInfo): RelationSpot[] {
  let spots = spotCache.get(model);
  if (!spots) {
    spots = [];
    for (const field of model.fields) {
      const property = model.schema.properties?.[field.name];
      if (property) collectSpots(registry, property, model.schema.$id, [field.name], spots);
    }
    spotCache.set(model, spots);
  }
  return spots;
}

/** The keys a document holds at a spot, each with its path (`items.2.user`). */
function keysAt(doc: unknown, steps: string[], path: string[] = []): { path: string; key: string }[] {
  if (steps.length === 0) return typeof doc === 'string' && doc !== '' ? [{ path: path.join('.'), key: doc }] : [];
  if (!doc || typeof doc !== 'object') return [];
  const [step, ...rest] = steps;
  if (step === '*')
    return Array.isArray(doc) ? doc.flatMap((item, index) => keysAt(item, rest, [...path, String(index)])) : [];
  if (Array.isArray(doc)) return [];
  return keysAt((doc as Record<string, unknown>)[step], rest, [...path, step]);
}

export interface RelationWrite {
  doc: Record<string, unknown>;
  existing?: Record<string, unknown>;
}

/** A stored value as people read it in a message: the enum label when the field has one. */
function shown(field: FieldInfo | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return 'empty';
  const index = field?.enumValues?.indexOf(value) ?? -1;
  return index >= 0 && field?.enumLabels?.[index] ? field.enumLabels[index] : String(value);
}

/** Why a found document may not be chosen (`x-relation.where`), or undefined when it may. */
function mismatch(target: ModelInfo, doc: Doc, where: Record<string, unknown> | undefined): string | undefined {
  for (const [name, wanted] of Object.entries(where ?? {})) {
    if (doc[name] === wanted) continue;
    const field = target.fields.find((f) => f.name === name);
    return `cannot be chosen here: its ${field?.label ?? name} is ${shown(field, doc[name])}, not ${shown(field, wanted)}`;
  }
  return undefined;
}

/**
 * Every related key a write sets must name a live document of the target model, matching the relation's
 * `where` if it has one: one query per target (model, key and `where`) for all the writes together, never
 * one per key. Keys the stored document already held at the same place are not checked again: a reference
 * to a document deleted (or changed) since keeps working, so the other fields of the document can still be
 * saved (forms send the whole document back). A missing or non-matching key is a 400 naming the field (and
 * `index`, the write's place, when there are several).
 */
export async function assertRelationsExist(
  tx: DocumentRepository,
  registry: Registry,
  model: ModelInfo,
  writes: RelationWrite[],
): Promise<void> {
  const spots = relationSpots(registry, model);
  if (spots.length === 0) return;
  const byTarget = new Map<
    string,
    {
      target: ModelInfo;
      key: string;
      where?: Record<string, string | number | boolean>;
      uses: { write: number; path: string; key: string }[];
    }
  >();
  for (const spot of spots) {
    const target = registry.model(spot.model);
    if (!target) continue;
    for (const [write, { doc, existing }] of writes.entries()) {
      const kept = new Set(existing ? keysAt(existing, spot.steps).map(({ key }) => key) : []);
      const added = keysAt(doc, spot.steps).filter(({ key }) => !kept.has(key));
      if (added.length === 0) continue;
      const id = `${target.name}\u0000${spot.key}\u0000${JSON.stringify(spot.where ?? {})}`;
      let entry = byTarget.get(id);
      if (!entry) byTarget.set(id, (entry = { target, key: spot.key, where: spot.where, uses: [] }));
      entry.uses.push(...added.map((use) => ({ write, ...use })));
    }
  }
  for (const { target, key, where, uses } of byTarget.values()) {
    const wanted = [...new Set(uses.map((use) => use.key))];
    // Sorted, so two writes taking several never wait for each other crosswise.
    if (key !== '_id')
      for (const value of [...wanted].sort()) await tx.lockNamedShared(keyLock(target.name, key, value));
    const found = await tx.findByKeys(target, key, wanted, LIVE_ROWS, [key, ...Object.keys(where ?? {})]);
    /** Per key found: undefined when it may be chosen, else why not. */
    const problems = new Map<string, string | undefined>();
    for (const doc of found) {
      const problem = mismatch(target, doc, where);
      const value = String(doc[key]);
      if (!problems.has(value) || problem === undefined) problems.set(value, problem);
    }
    const refused = uses.filter((use) => !problems.has(use.key) || problems.get(use.key) !== undefined);
    if (refused.length === 0) continue;
    const first = refused.filter((use) => use.write === refused[0].write);
    const fields: FieldError[] = first.map((use) => ({
      field: use.path,
      message: `${target.label} ${use.key} ${problems.has(use.key) ? problems.get(use.key) : 'not found'}`,
    }));
    const message = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    throw new HttpError(400, message, { fields, ...(writes.length > 1 ? { index: first[0].write } : {}) });
  }
}

/** How many referring documents a refusal names; it counts them all. */
const NAMED_AT_MOST = 3;

/** Who refers to a document by a key of its own, in words: `2 Users (karl, kira)`, `5 Users (anna, karl, kira, …)`. */
interface Referrers {
  /** The key's field of the referred model (`name` of a role). */
  key: string;
  value: string;
  count: number;
  who: string;
}

/**
 * The first place where documents refer to `doc` (of `model`) by the value its field `key` holds in `keyed` (`x-relation`
 * with a `key` other than `_id`, a role by its name), or undefined when none does. `only` limits it to that key.
 */
async function referrersByKey(
  tx: DocumentRepository,
  registry: Registry,
  model: ModelInfo,
  keyed: Record<string, unknown>,
  only?: (key: string) => boolean,
): Promise<Referrers | undefined> {
  for (const other of Object.values(registry.models)) {
    for (const spot of relationSpots(registry, other)) {
      if (spot.model !== model.name || spot.key === '_id' || (only && !only(spot.key))) continue;
      const value = keyed[spot.key];
      if (typeof value !== 'string') continue;
      await tx.lockNamed(keyLock(model.name, spot.key, value));
      const { total, some } = await tx.holding(other, spot.steps, value, NAMED_AT_MOST);
      if (total === 0) continue;
      const names = some
        .map((holder) => String(holder[other.labelField] ?? holder._id))
        .sort((a, b) => a.localeCompare(b));
      const plural = total === 1 ? other.label : pluralize(other.label);
      const who = `${total} ${plural} (${names.join(', ')}${total > some.length ? ', …' : ''})`;
      return { key: spot.key, value, count: total, who };
    }
  }
  return undefined;
}

const keyLabel = (model: ModelInfo, key: string) => model.fields.find((f) => f.name === key)?.label ?? key;

/**
 * A document other documents refer to by a key of its own (`x-relation.key`, a role by its name) keeps that key
 * while they do: renamed, every reference would name nothing, silently (users holding the role `staff` would lose
 * its permissions when it became `redaktion`). A changed key that is still referred to is a 409 naming the field
 * and the referring documents (how many, and the first few).
 */
export async function assertKeysKept(
  tx: DocumentRepository,
  registry: Registry,
  model: ModelInfo,
  writes: RelationWrite[],
): Promise<void> {
  for (const { doc, existing } of writes) {
    if (!existing) continue;
    const found = await referrersByKey(tx, registry, model, existing, (key) => existing[key] !== doc[key]);
    if (!found) continue;
    const { key, value, count, who } = found;
    const message = `cannot be changed while ${who} ${count === 1 ? 'refers' : 'refer'} to this ${model.label} by its ${keyLabel(model, key)} ${value}: change ${count === 1 ? 'it' : 'them'} first`;
    throw conflict(`${key}: ${message}`, { fields: [{ field: key, message }] });
  }
}

/**
 * Nor is such a document deleted while they refer to it: the references would name nothing, as after a rename
 * (deleting the role `kasse` would silently take its permissions from everyone holding it). A 409 naming them.
 */
export async function assertNotReferredByKey(
  tx: DocumentRepository,
  registry: Registry,
  model: ModelInfo,
  doc: Doc,
): Promise<void> {
  const found = await referrersByKey(tx, registry, model, doc);
  if (!found) return;
  const { key, value, count, who } = found;
  throw conflict(
    `${model.label} ${value} cannot be deleted while ${who} ${count === 1 ? 'refers' : 'refer'} to it by its ${keyLabel(model, key)}: change ${count === 1 ? 'it' : 'them'} first`,
  );
}
