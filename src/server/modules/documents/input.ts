import type { FieldInfo, ModelInfo } from '../../../shared/registry';
import { SYSTEM_FIELD_NAMES } from '../../../shared/registry';
import { hasAccess, type Caller } from '../../access/caller';
import { badRequest, forbidden } from '../../errors';
import { canWriteField, fieldsByName, owns } from './access';

const MAX_DEPTH = 32;

/** Rejects what JSON.parse lets through but a document must never hold: prototype keys and absurd nesting. */
export function assertSafeJson(value: unknown, depth = 0): void {
  if (depth > MAX_DEPTH) throw badRequest(`Document is nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) return value.forEach((item) => assertSafeJson(item, depth + 1));
  if (!value || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype')
      throw badRequest(`Field name ${key} is not allowed`);
    assertSafeJson((value as Record<string, unknown>)[key], depth + 1);
  }
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The stored document a write produces, before computed fields, secrets and validation. A field the
 * input leaves out keeps its stored value (a partial update loses nothing); `null` clears it (or stores
 * null where the schema allows it). Read-only fields, and fields the caller may not write, keep their
 * stored values: sending them unchanged is fine (forms send the whole document back), changing them is a 403.
 */
export function mergeInput(
  caller: Caller,
  model: ModelInfo,
  input: Record<string, unknown>,
  existing: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const next: Record<string, unknown> = {};
  const asOwner = existing !== undefined && owns(caller, model, existing) && !caller.almighty;
  // Who may write only because they own the document never writes its owner field (`x-owner`): an
  // owner cannot hand their document to someone else.
  const onlyOwner = asOwner && !hasAccess(caller, model.permission.update);
  const unknown = Object.keys(input).filter(
    (key) => !SYSTEM_FIELD_NAMES.includes(key) && !fieldsByName(model).has(key),
  );
  if (unknown.length > 0) {
    const fields = unknown.map((field) => ({ field, message: `is not a field of ${model.label}` }));
    throw badRequest(fields.map(({ field, message }) => `${field}: ${message}`).join('; '), { fields });
  }
  for (const field of model.fields) {
    if (SYSTEM_FIELD_NAMES.includes(field.name)) continue;
    const sent = Object.hasOwn(input, field.name);
    const stored = existing?.[field.name];
    const keep = () => {
      if (stored !== undefined) next[field.name] = stored;
    };
    // Read-only fields are the server's: only the server itself (seed, public form endpoints) sets them.
    if (field.computed || (field.readOnly && !caller.system)) keep();
    else if (field.secret) {
      // Empty keeps the stored one: forms never get the secret, so they send the field empty.
      if (!sent || input[field.name] === '' || input[field.name] === null) keep();
      else if (!canWriteField(caller, field) || (asOwner && !field.ownerWritable))
        throw forbidden(`Not allowed to change ${field.name}`);
      else next[field.name] = input[field.name];
    } else if (onlyOwner && field.name === model.owner) {
      if (sent && !equal(input[field.name], stored))
        throw forbidden(`${field.name}: You cannot hand your own ${model.label} to someone else`);
      keep();
    } else if (!canWriteField(caller, field) || (asOwner && !field.ownerWritable)) {
      if (sent && !equal(input[field.name], stored)) {
        throw forbidden(
          asOwner && !field.ownerWritable
            ? `You cannot change your own ${field.label.toLowerCase()}`
            : `Not allowed to change ${field.name}${field.writePermission ? `: needs ${field.writePermission}` : ''}`,
        );
      }
      keep();
    } else if (!sent) keep();
    else if (input[field.name] !== null) next[field.name] = composed(input[field.name]);
    else if (acceptsNull(field)) next[field.name] = null;
  }
  return next;
}

/**
 * Every string of a written value composed (NFC): `Mu\u0308ller` (u and a combining diaeresis, as text pasted
 * from macOS may carry it) is stored as `Müller`, the form a keyboard types, so a search, a sort and an equal
 * value find it. The characters look the same either way. Secrets are stored as sent (not passed here).
 */
export function composed(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) return value.map(composed);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, composed(entry)]));
}

function acceptsNull(field: FieldInfo): boolean {
  const type = field.schema.type;
  return Array.isArray(type) ? type.includes('null') : type === 'null';
}

/** Date-times are stored as UTC ISO strings so that text order is time order. */
export function normalizeDateTimes(model: ModelInfo, doc: Record<string, unknown>): void {
  for (const field of model.fields) {
    const value = doc[field.name];
    if (field.format === 'date-time' && typeof value === 'string') {
      const time = Date.parse(value);
      if (!Number.isNaN(time)) doc[field.name] = new Date(time).toISOString();
    }
  }
}
