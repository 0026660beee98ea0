import type { ErrorSchema } from '@rjsf/utils';
import { getIn } from '../arrays/paths';

/**
 * The server's field errors (dotted paths such as `items.0.price`, `''` for the document) as the
 * error tree react-jsonschema-form shows under each field.
 */
export function toErrorSchema(errors: Record<string, string> | undefined): ErrorSchema | undefined {
  if (!errors || Object.keys(errors).length === 0) return undefined;
  const root: ErrorSchema = {};
  for (const [path, message] of Object.entries(errors)) {
    let node: Record<string, unknown> = root;
    for (const segment of path.split('.').filter(Boolean)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    node.__errors = [...list, message];
  }
  return root;
}

/**
 * Errors no visible field can show: the document's own, and those of hidden or unknown fields. Those of
 * a current password (`_current.password`) show at the password widget's current-password input when the
 * password field is visible, and say what they are about themselves.
 */
export function unplacedErrors(errors: Record<string, string> | undefined, visibleFields: string[]): string[] {
  return Object.entries(errors ?? {})
    .filter(([path]) => !visibleFields.includes(fieldOfError(path)))
    .map(([path, message]) => (path && !path.startsWith('_current.') ? `${path}: ${message}` : message));
}

/** The top-level field an error path is about: `items.0.price` → `items`, `_current.password` → `password`. */
function fieldOfError(path: string): string {
  const [first = '', second = ''] = path.split('.');
  return first === CURRENT ? second : first;
}

const CURRENT = '_current';

/** The current-password errors by secret field (`_current.password` → `password`). */
export function currentSecretErrors(errors: Record<string, string> | undefined): Record<string, string> | undefined {
  const found = Object.entries(errors ?? {}).filter(([path]) => path.startsWith(`${CURRENT}.`));
  return found.length ? Object.fromEntries(found.map(([path, message]) => [fieldOfError(path), message])) : undefined;
}

/**
 * The server's field errors the user has not yet answered: an error goes once its field's value differs
 * from the value the refused save sent (`refused`), as a form that clears an error on typing does; the
 * document's own errors (`''`) stay until the next save.
 */
export function standingErrors(
  errors: Record<string, string> | undefined,
  refused: unknown,
  current: unknown,
): Record<string, string> | undefined {
  if (!errors) return errors;
  const valueAt = (root: unknown, path: string) => JSON.stringify(getIn(root, path.split('.')) ?? null);
  const kept = Object.entries(errors).filter(([path]) => !path || valueAt(refused, path) === valueAt(current, path));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}
