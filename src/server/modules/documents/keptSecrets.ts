import type { ErrorObject } from 'ajv';
import type { FieldInfo } from '../../../shared/registry';

/**
 * The secrets a write keeps from the stored document: stored (as a hash) and not replaced by the input.
 * They are validated as left out (a hash need not meet the rules of a new password) but count as present.
 */
export function keptSecrets(
  fields: readonly Pick<FieldInfo, 'name' | 'secret'>[],
  next: Record<string, unknown>,
  existing: Record<string, unknown> | undefined,
): Set<string> {
  const kept = fields.filter(
    (field) => field.secret && existing?.[field.name] !== undefined && next[field.name] === existing[field.name],
  );
  return new Set(kept.map((field) => field.name));
}

/**
 * Ajv's errors without "is required" for kept secrets: a required secret (a user's password) must be
 * set on create, and an update that leaves it out keeps the stored one.
 */
export function withoutKeptSecrets(errors: ErrorObject[] | null | undefined, kept: Set<string>): ErrorObject[] {
  return (errors ?? []).filter(
    (error) =>
      !(error.keyword === 'required' && error.instancePath === '' && kept.has(String(error.params.missingProperty))),
  );
}
