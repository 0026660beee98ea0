import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { sql, type Sql } from '../../db/sql';
import { HttpError } from '../../errors';

/**
 * Failed logins per account and per client address, in the database so the limits hold across
 * restarts and processes. A row is written BEFORE the password is verified (a reservation) and
 * counts against concurrent attempts too; a success deletes it again.
 */
export const ATTEMPT_DDL: Sql[] = [
  sql`CREATE TABLE IF NOT EXISTS auth_attempt (
    id text PRIMARY KEY,
    key text NOT NULL,
    at timestamptz NOT NULL
  )`,
  sql`CREATE INDEX IF NOT EXISTS auth_attempt_key_at ON auth_attempt (key, at)`,
];

export interface LoginLimits {
  /** Failures of one account within the window before it is locked. */
  perAccount: number;
  /** Failures from one client address (any accounts) within the window before it is locked. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

const PURGE_EVERY_MS = 10 * 60_000;

/** Logins are compared case-insensitively here so `Admin` and `admin` share one budget. */
export function accountKey(username: string): string {
  return `account:${username.toLowerCase()}`;
}

/** IPv4 as is (also when IPv4-mapped); IPv6 by its /64, which one client usually controls whole. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `address:${mapped[1]}`;
  if (!ip.includes(':')) return `address:${ip}`;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `address:${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function tooManyAttempts(retryAfter: number): HttpError {
  return new HttpError(429, `Too many failed logins, try again in ${retryAfter} seconds`, { retryAfter });
}

/** One login attempt in flight: its reserved rows are kept on failure and removed on success. */
export interface Attempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
  /** Removes the reservation without counting it (the attempt never reached the password check). */
  cancel(): Promise<void>;
}

export function createAttemptRepository(db: Database, now: () => number, limits: LoginLimits) {
  let lastPurge = 0;

  async function purge(at: number): Promise<void> {
    lastPurge = at;
    await db.query(sql`DELETE FROM auth_attempt WHERE at < ${new Date(at - limits.windowMs)}`);
  }

  /** Seconds until fewer than `max` failures (other than `ownId`) remain in the window; 0 when not locked. */
  async function lockedFor(key: string, ownId: string, max: number, at: number): Promise<number> {
    const { rows } = await db.query<{ at: Date }>(sql`
      SELECT at FROM auth_attempt
      WHERE key = ${key} AND at > ${new Date(at - limits.windowMs)} AND id <> ${ownId}
      ORDER BY at DESC OFFSET ${max - 1} LIMIT 1`);
    const nth = rows[0];
    return nth ? Math.max(1, Math.ceil((nth.at.getTime() + limits.windowMs - at) / 1000)) : 0;
  }

  return {
    /**
     * Reserves the attempt; throws 429 (with `retryAfter`) when the account or the address is locked.
     * Without an address (the current password confirming a change of one's own) only the account counts.
     */
    async begin(username: string, address?: string): Promise<Attempt> {
      const at = now();
      if (at - lastPurge > PURGE_EVERY_MS) await purge(at);
      const account = { id: randomBytes(12).toString('hex'), key: accountKey(username) };
      const client =
        address === undefined ? undefined : { id: randomBytes(12).toString('hex'), key: addressKey(address) };
      await db.query(sql`INSERT INTO auth_attempt (id, key, at)
        VALUES (${account.id}, ${account.key}, ${new Date(at)})`);
      if (client)
        await db.query(
          sql`INSERT INTO auth_attempt (id, key, at) VALUES (${client.id}, ${client.key}, ${new Date(at)})`,
        );
      const clientId = client?.id ?? account.id;
      const cancel = async () => {
        await db.query(sql`DELETE FROM auth_attempt WHERE id = ${account.id} OR id = ${clientId}`);
      };
      try {
        const wait = Math.max(
          await lockedFor(account.key, account.id, limits.perAccount, at),
          client ? await lockedFor(client.key, client.id, limits.perAddress, at) : 0,
        );
        if (wait > 0) throw tooManyAttempts(wait);
      } catch (error) {
        await cancel();
        throw error;
      }
      return {
        failed: async () => undefined,
        async succeeded() {
          await db.query(sql`DELETE FROM auth_attempt WHERE key = ${account.key} OR id = ${clientId}`);
        },
        cancel,
      };
    },
    purge: () => purge(now()),
  };
}
