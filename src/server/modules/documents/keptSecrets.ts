import type { ErrorObject } from 'ajv';
import type { FieldInfo } from '../../../shared/registry';

/**
 * The secrets an update keeps from the stored document: not replaced by the input. They are validated
 * as left out (a hash need not meet the rules of a new password) but count as present, also where none
 * is stored: a user stored without a password (older data) stays editable, and cannot log in until
 * someone sets one.
 */
export function keptSecrets(
  fields: readonly Pick<FieldInfo, 'name' | 'secret'>[],
  next: Record<string, unknown>,
  existing: Record<string, unknown> | undefined,
): Set<string> {
  if (!existing) return new Set();
  const kept = fields.filter((field) => field.secret && next[field.name] === existing[field.name]);
  return new Set(kept.map((field) => field.name));
}

/**
 * Ajv's errors without "is required" for kept secrets: a required secret (a user's password) must be
 * set on create; an update that leaves it out keeps what is stored.
 */
export function withoutKeptSecrets(errors: ErrorObject[] | null | undefined, kept: Set<string>): ErrorObject[] {
  return (errors ?? []).filter(
    (error) =>
      !(error.keyword === 'required' && error.instancePath === '' && kept.has(String(error.params.missingProperty))),
  );
}
