import { SECRETS_SET, type SecretsSet } from '../../../shared/api/documents';
import type { FieldInfo, ModelInfo } from '../../../shared/registry';
import { holdsAnyRole, type Caller } from '../../access/caller';

/**
 * Which secrets of a stored document hold a value, for a caller who reads the document: only the secrets
 * whose `x-roles` they hold (the field would be theirs to see, were it not a secret), never the secret or
 * its hash. Undefined when the model has no such secret.
 */
export function secretsSet(
  caller: Caller,
  model: { fields: readonly Pick<FieldInfo, 'name' | 'secret' | 'roles'>[] },
  stored: Record<string, unknown>,
): SecretsSet | undefined {
  const known = model.fields.filter((field) => field.secret && holdsAnyRole(caller, field.roles));
  if (known.length === 0) return undefined;
  return Object.fromEntries(
    known.map((field) => [field.name, typeof stored[field.name] === 'string' && stored[field.name] !== '']),
  );
}

/** `visible` (the stored document as projected for the caller) with `_secretsSet` added where it applies. */
export function withSecretsSet(
  caller: Caller,
  model: ModelInfo,
  stored: Record<string, unknown>,
  visible: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!visible) return undefined;
  const set = secretsSet(caller, model, stored);
  return set ? { ...visible, [SECRETS_SET]: set } : visible;
}
