import { inversePairs, SYSTEM_FIELD_NAMES, type FieldInfo, type InversePair } from '../../../shared/registry';
import type { ModelInfo, Registry } from '../../../shared/registry';
import { hasAccess, passesAcl, type Caller } from '../../access/caller';
import { conflict, HttpError } from '../../errors';
import { canWriteField, hidesFrom, owns } from './access';
import { LIVE_ROWS, type DocumentRepository } from './repository';
import type { Doc } from './service';

/**
 * Two-way links (`x-inverse`, src/shared/vocabulary.ts): after a document is written or deleted, the documents
 * on the other side of its pairs are set or cleared in the same transaction. Each such write needs the caller's
 * own permission to update that document and its field; without it the whole write is refused (403, nothing
 * saved), never half a link. The server's own saves set both sides themselves (a bank import books a partial
 * payment that names its invoice while the invoice names none), so only its deletes are mirrored.
 */

/** A document of the other side, changed by the write: announced after the commit. */
export interface SideWrite {
  model: ModelInfo;
  doc: Doc;
  previous: Doc;
}

export interface InverseWrite {
  tx: DocumentRepository;
  registry: Registry;
  caller: Caller;
  model: ModelInfo;
  /** The document as written (or soft-deleted). */
  doc: Doc;
  existing?: Doc;
  deleted?: boolean;
}

const idOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

const titleOf = (model: ModelInfo, doc: Doc) => `${model.label} ${String(doc[model.labelField] ?? doc._id)}`;

/** May the caller change this field of this document, as a save of it by them could? */
export function mayChange(caller: Caller, model: ModelInfo, doc: Doc, field: FieldInfo): boolean {
  if (hidesFrom(caller, model, doc) || !canWriteField(caller, field)) return false;
  const asOwner = owns(caller, model, doc) && !caller.almighty;
  const permitted = hasAccess(caller, model.permission.update);
  if (!permitted && !asOwner) return false;
  if (model.acl && !passesAcl(caller, doc._write)) return false;
  if (asOwner && !field.ownerWritable) return false;
  return permitted || field.name !== model.owner;
}

/** Does the document meet the relation's `where` (may it be linked from there)? */
const meets = (doc: Doc, where: Record<string, unknown> | undefined) =>
  Object.entries(where ?? {}).every(([name, value]) => doc[name] === value);

/** Sets (or, with undefined, clears) the other side's field of one document. */
async function relink(
  write: InverseWrite,
  pair: InversePair,
  other: Doc,
  value: string | undefined,
  sides: SideWrite[],
): Promise<void> {
  const { tx, caller, deleted } = write;
  const { target, inverse } = pair;
  if (!mayChange(caller, target, other, inverse)) {
    const message = `Not allowed to update ${titleOf(target, other)}: this ${deleted ? 'delete' : 'change'} ${value === undefined ? 'clears' : 'sets'} its ${inverse.label} too, so nothing was ${deleted ? 'deleted' : 'saved'}`;
    throw new HttpError(
      403,
      deleted ? message : `${pair.field.name}: ${message}`,
      deleted ? {} : { fields: [{ field: pair.field.name, message }] },
    );
  }
  const next: Record<string, unknown> = {};
  for (const [key, stored] of Object.entries(other)) if (!SYSTEM_FIELD_NAMES.includes(key)) next[key] = stored;
  if (value === undefined) delete next[inverse.name];
  else next[inverse.name] = value;
  const written = await tx.update(target.name, other._id, next, other._version as number);
  if (!written) throw conflict(`${titleOf(target, other)} was changed meanwhile; reload and try again`);
  sides.push({ model: target, doc: written, previous: other });
}

/** A deleted document: every live document naming it through a pair lets go of it. */
async function release(write: InverseWrite, pair: InversePair, sides: SideWrite[]): Promise<void> {
  const holders = await write.tx.findByKeys(pair.target, pair.inverse.name, [write.doc._id], LIVE_ROWS);
  for (const holder of holders) await relink(write, pair, holder, undefined, sides);
}

/** One pair after a save that changed the link from `before` to `after`. */
async function follow(write: InverseWrite, pair: InversePair, sides: SideWrite[]): Promise<void> {
  const { tx, model, doc, existing } = write;
  const { field, target, inverse } = pair;
  const before = idOf(existing?.[field.name]);
  const after = idOf(doc[field.name]);
  if (before === after) return;
  if (before) {
    const left = await tx.findById(target.name, before, LIVE_ROWS);
    if (left && left[inverse.name] === doc._id) await relink(write, pair, left, undefined, sides);
  }
  if (!after) return;
  const chosen = await tx.findById(target.name, after, LIVE_ROWS);
  if (!chosen || chosen[inverse.name] === doc._id || !meets(doc, inverse.relation?.where)) return;
  // The document the target names now, if it names the target back, is its partner in the pair.
  const partnerId = idOf(chosen[inverse.name]);
  const partner = partnerId ? await tx.findById(model.name, partnerId, LIVE_ROWS) : undefined;
  if (partner && partner[field.name] === chosen._id) {
    // Shared: the target keeps the partner it has (a second payment of an invoice is one more payment).
    if (pair.shared) return;
    // One-to-one: the target moves here, and its partner lets go of it.
    await relink(write, { ...pair, target: model, inverse: field }, partner, undefined, sides);
  }
  await relink(write, pair, chosen, doc._id, sides);
}

/** Keeps the other side of every pair of the model right after a save or delete; answers what it changed. */
export async function mirrorInverses(write: InverseWrite): Promise<SideWrite[]> {
  const pairs = inversePairs(write.registry.models, write.model);
  const sides: SideWrite[] = [];
  if (!write.deleted && write.caller.system) return sides;
  for (const pair of pairs) await (write.deleted ? release(write, pair, sides) : follow(write, pair, sides));
  return sides;
}
