import { badRequest } from '../../errors';

const MAX_NAME_LENGTH = 255;
// Control characters (NUL included), path separators; names are labels, never paths.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u001f\u007f/\\]/;

/**
 * The name of a file or folder as given by a caller, or a 400. Names never reach the file system
 * (blob keys are ids), but a name that looks like a path would mislead anyone who downloads or
 * syncs the tree, so `..`, separators, NUL and other control characters are refused outright.
 */
export function checkItemName(raw: unknown): string {
  if (typeof raw !== 'string') throw badRequest('name is required');
  const name = raw.normalize('NFC');
  if (name.trim().length === 0) throw badRequest('name must not be empty');
  if (name.length > MAX_NAME_LENGTH) throw badRequest(`name must be at most ${MAX_NAME_LENGTH} characters`);
  if (FORBIDDEN.test(name)) throw badRequest('name must not contain slashes, backslashes, NUL or control characters');
  if (name === '.' || name === '..') throw badRequest('name must not be . or ..');
  if (/^[A-Za-z]:/.test(name)) throw badRequest('name must not be a drive path');
  return name;
}

/** `attachment; filename="..."; filename*=UTF-8''...` with an ASCII fallback safe inside the quotes. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
