import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { sql, type Sql } from '../../db/sql';
import { DocumentRepository, LIVE_ROWS } from '../documents/repository';

/** Only the SHA-256 of a token is stored: a leaked table does not hand out sessions. */
export const SESSION_DDL: Sql[] = [
  sql`CREATE TABLE IF NOT EXISTS auth_session (
    token_hash text PRIMARY KEY,
    user_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    last_seen_at timestamptz
  )`,
  sql`CREATE INDEX IF NOT EXISTS auth_session_user ON auth_session (user_id) WHERE revoked_at IS NULL`,
  sql`CREATE INDEX IF NOT EXISTS auth_session_expires ON auth_session (expires_at)`,
];

/** 32 random bytes, base64url: exactly 43 characters of this alphabet. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;
/** Expired and revoked sessions are kept this long (who was logged in when), then purged. */
const KEEP_ENDED_MS = 30 * 24 * 3_600_000;
const PURGE_EVERY_MS = 3_600_000;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A live session with the user it belongs to, as stored now. */
export interface SessionRow {
  userId: string;
  login: string;
  roles: string[];
  expiresAt: number;
}

interface SessionQueryRow {
  user_id: string;
  expires_at: Date;
  last_seen_at: Date | null;
}

const stringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The auth_session table; only this file knows its SQL (the users are read through the document repository). */
export function createSessionRepository(db: Database, now: () => number) {
  const users = new DocumentRepository(db);
  let lastPurge = 0;

  async function purgeEnded(at: number): Promise<void> {
    lastPurge = at;
    const before = new Date(at - KEEP_ENDED_MS);
    await db.query(sql`DELETE FROM auth_session WHERE expires_at < ${before} OR revoked_at < ${before}`);
  }

  return {
    async create(userId: string, ttlMs: number): Promise<{ token: string; expiresAt: number }> {
      const token = newToken();
      const at = now();
      if (at - lastPurge > PURGE_EVERY_MS) await purgeEnded(at);
      const expiresAt = at + ttlMs;
      await db.query(sql`INSERT INTO auth_session (token_hash, user_id, created_at, expires_at, last_seen_at)
        VALUES (${tokenHash(token)}, ${userId}, ${new Date(at)}, ${new Date(expiresAt)}, ${new Date(at)})`);
      return { token, expiresAt };
    },

    /** The session of a token hash when it is unrevoked, unexpired and its user not deleted. */
    async find(hash: string): Promise<SessionRow | undefined> {
      const at = now();
      const { rows } = await db.query<SessionQueryRow>(sql`
        SELECT user_id, expires_at, last_seen_at FROM auth_session
        WHERE token_hash = ${hash} AND revoked_at IS NULL AND expires_at > ${new Date(at)}`);
      const row = rows[0];
      if (!row) return undefined;
      const user = await users.findById('user', row.user_id, LIVE_ROWS);
      if (!user) return undefined;
      if (!row.last_seen_at || at - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
        await db.query(sql`UPDATE auth_session SET last_seen_at = ${new Date(at)} WHERE token_hash = ${hash}`);
      }
      return {
        userId: row.user_id,
        login: user.login,
        roles: stringArray(user.roles),
        expiresAt: row.expires_at.getTime(),
      };
    },

    async revoke(hash: string): Promise<void> {
      await db.query(
        sql`UPDATE auth_session SET revoked_at = ${new Date(now())} WHERE token_hash = ${hash} AND revoked_at IS NULL`,
      );
    },

    async revokeUser(userId: string, exceptHash?: string): Promise<void> {
      await db.query(sql`UPDATE auth_session SET revoked_at = ${new Date(now())}
        WHERE user_id = ${userId} AND revoked_at IS NULL AND token_hash <> ${exceptHash ?? ''}`);
    },

    purgeEnded: () => purgeEnded(now()),
  };
}
