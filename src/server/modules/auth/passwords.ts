import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the enum is an ambient const enum, which `verbatimModuleSyntax` cannot read. */
const ARGON2ID: Algorithm.Argon2id = 2;

/** OWASP's Argon2id baseline: 19 MiB, 2 passes, 1 lane (~20-50 ms per hash on this machine). */
export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Hashed once per process: verifying against it makes an unknown login cost as much as a known one. */
let dummyHash: Promise<string> | undefined;

function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/**
 * True when `password` matches `stored`. A missing or malformed hash still costs one Argon2
 * verification (against the dummy), so response time does not reveal whether the account exists.
 */
export async function verifyPassword(stored: unknown, password: string): Promise<boolean> {
  const usable = typeof stored === 'string' && stored.startsWith('$argon2');
  try {
    const matches = await verify(usable ? stored : await dummy(), password);
    return usable && matches;
  } catch {
    return false;
  }
}

/** A password for the first `admin` when none is configured: 144 random bits, URL-safe. */
export function randomPassword(): string {
  return randomBytes(18).toString('base64url');
}
