import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from '../../../shared/registry';
import type { Permission } from '../../../shared/vocabulary';
import { ALMIGHTY_ROLES } from '../../../shared/vocabulary';
import { ANONYMOUS, callerOf, SYSTEM, type Caller } from '../../access/caller';
import type { DocumentService } from '../documents/service';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { isRevoked, type EventBus, type SessionRevokedEvent } from '../../events/bus';
import { HttpError, unauthorized } from '../../errors';
import { ATTEMPT_DDL, DEFAULT_LOGIN_LIMITS, createAttemptRepository, type LoginLimits } from './attempts';
import { hashPassword, randomPassword, verifyPassword } from './passwords';
import type { AuthService } from './service';
import { SESSION_DDL, createSessionRepository, isWellFormedToken, tokenHash } from './sessions';
import { createUserRepository, publicUser } from './users';

export interface AuthDependencies {
  db: Database;
  registry: Registry;
  config: Pick<ServerConfig, 'sessionTtlMs' | 'adminPassword'>;
  log: FastifyBaseLogger;
  /**
   * When given, user and role document events drop the cached sessions and role grants they affect, and
   * every revocation is announced (`session/revoked`: realtime sockets of the session end at once; other
   * processes, through the event bridge, drop their cached callers of it).
   */
  bus?: Pick<EventBus, 'subscribe' | 'publish'>;
  /**
   * The document operations (created after auth, which they need for password hashing): the first
   * admin and its roles are written through them, so validation, hooks and events run as for any write.
   */
  documents?: () => DocumentService;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now?: () => number;
  limits?: LoginLimits;
}

export const INVALID_LOGIN = 'Invalid username or password';
export const INVALID_SESSION = 'Session expired or invalid';

/** A resolved session is trusted this long without asking the database (revocation here clears it at once). */
const SESSION_CACHE_MS = 5_000;
const MAX_CACHED_SESSIONS = 10_000;
/** Role changes made by another process are picked up after this long. */
const ROLE_CACHE_MS = 30_000;

interface CachedSession {
  caller: Caller;
  userId: string;
  expiresAt: number;
  checkedAt: number;
}

/** The saved document, or undefined when a unique value was taken meanwhile (409). */
async function unlessTaken<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return undefined;
    throw error;
  }
}

export function createAuthService(deps: AuthDependencies): AuthService {
  const { db, registry, config, log, bus, now = Date.now, limits = DEFAULT_LOGIN_LIMITS } = deps;
  for (const model of ['user', 'role']) {
    if (!registry.model(model)) throw new Error(`The auth module needs the ${model} model`);
  }
  const sessions = createSessionRepository(db, now);
  const attempts = createAttemptRepository(db, now, limits);
  const users = createUserRepository(db, registry);

  const cache = new Map<string, CachedSession>();
  /** Bumped by every revocation, so a lookup that raced with one does not cache what was just revoked. */
  let generation = 0;
  let roles: { loadedAt: number; grants: Promise<Map<string, Permission[]>> } | undefined;

  function grants(): Promise<Map<string, Permission[]>> {
    const at = now();
    if (!roles || at - roles.loadedAt > ROLE_CACHE_MS) {
      const loading = users.grants();
      roles = { loadedAt: at, grants: loading };
      loading.catch(() => {
        if (roles?.grants === loading) roles = undefined;
      });
    }
    return roles.grants;
  }

  function forget(keep: (entry: CachedSession, hash: string) => boolean): void {
    generation += 1;
    for (const [hash, entry] of cache) if (!keep(entry, hash)) cache.delete(hash);
  }

  /**
   * The one place a revocation takes effect after the database has it: cached callers of the sessions are
   * dropped and the revocation is announced on the bus (realtime sockets, other processes).
   */
  function revoked(event: SessionRevokedEvent): void {
    forget((entry, hash) => !isRevoked(event, hash, entry.userId));
    bus?.publish(event);
  }

  function remember(hash: string, entry: CachedSession): void {
    cache.delete(hash);
    if (cache.size >= MAX_CACHED_SESSIONS) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(hash, entry);
  }

  const service: AuthService = {
    async migrate() {
      for (const statement of [...SESSION_DDL, ...ATTEMPT_DDL]) await db.query(statement);
      await sessions.purgeEnded();
      await attempts.purge();
    },

    async callerFromToken(token) {
      if (token === undefined || token === '') return ANONYMOUS;
      if (!isWellFormedToken(token)) throw unauthorized(INVALID_SESSION);
      const hash = tokenHash(token);
      const at = now();
      const hit = cache.get(hash);
      if (hit && at - hit.checkedAt < SESSION_CACHE_MS && at < hit.expiresAt) return hit.caller;
      const startedIn = generation;
      const session = await sessions.find(hash);
      if (!session) {
        cache.delete(hash);
        throw unauthorized(INVALID_SESSION);
      }
      const granted = await grants();
      const caller: Caller = {
        ...callerOf(
          { _id: session.userId, login: session.login, roles: session.roles },
          (role) => granted.get(role) ?? [],
        ),
        session: hash,
      };
      if (startedIn === generation)
        remember(hash, { caller, userId: session.userId, expiresAt: session.expiresAt, checkedAt: at });
      return caller;
    },

    async login(username, password, clientAddress) {
      // Reserved before the (slow) password check: a locked account is refused even with the right password.
      const attempt = await attempts.begin(username, clientAddress);
      let user: Awaited<ReturnType<typeof users.byLogin>>;
      let matches: boolean;
      try {
        user = await users.byLogin(username);
        matches = await verifyPassword(user?.doc.password, password);
      } catch (error) {
        await attempt.cancel().catch(() => undefined);
        throw error;
      }
      if (!user || !matches) {
        await attempt.failed();
        log.info({ login: username, address: clientAddress }, 'login failed');
        throw new HttpError(401, INVALID_LOGIN);
      }
      await attempt.succeeded();
      const { token } = await sessions.create(user._id, config.sessionTtlMs);
      return { token, user: publicUser(user._id, user.doc) };
    },

    async logout(token) {
      const hash = tokenHash(token);
      await sessions.revoke(hash);
      revoked({ type: 'session/revoked', session: hash });
    },

    async revokeSessions(userId, { keep, reason } = {}) {
      await sessions.revokeUser(userId, keep);
      revoked({
        type: 'session/revoked',
        userId,
        ...(keep === undefined ? {} : { except: keep }),
        ...(reason === undefined ? {} : { reason }),
      });
    },

    hashPassword,

    async confirmPassword(login, stored, password) {
      const attempt = await attempts.begin(login);
      let matches: boolean;
      try {
        matches = await verifyPassword(stored, password);
      } catch (error) {
        await attempt.cancel().catch(() => undefined);
        throw error;
      }
      if (matches) await attempt.succeeded();
      else await attempt.failed();
      return matches;
    },

    async ensureAdmin() {
      const documents = deps.documents?.();
      if (!documents) throw new Error('ensureAdmin needs the document operations');
      if (await users.anyUser()) return { created: false };
      // Two processes starting together: the unique indexes on role names and logins let one win.
      for (const name of ALMIGHTY_ROLES) {
        const { results } = await documents.find(SYSTEM, 'role', { query: { name }, limit: 1 });
        if (results.length === 0) await unlessTaken(documents.save(SYSTEM, 'role', { name, permissions: [] }));
      }
      let generated: string | undefined;
      const password = config.adminPassword ?? (generated = randomPassword());
      const admin = { login: 'admin', roles: ['superuser'], projects: [], password };
      const created = await unlessTaken(documents.save(SYSTEM, 'user', admin));
      if (!created) return { created: false };
      service.invalidateRoles();
      return generated === undefined ? { created: true } : { created: true, password: generated };
    },

    invalidateRoles() {
      roles = undefined;
      // Cached callers carry the permissions of their roles.
      forget(() => false);
    },

    async currentUser(caller) {
      if (!caller.user) throw unauthorized();
      const user = await users.byId(caller.user._id);
      if (!user) throw unauthorized(INVALID_SESSION);
      return publicUser(user._id, user.doc);
    },

    invalidateUser(userId) {
      forget((entry) => entry.userId !== userId);
    },
  };
  // Synchronous on publish, so the next request (or realtime re-check) already sees the change.
  bus?.subscribe((event) => {
    // Another process revoked sessions (this process's own revocations have already been forgotten).
    if (event.type === 'session/revoked') return forget((entry, hash) => !isRevoked(event, hash, entry.userId));
    if (event.type !== 'document') return;
    if (event.model === 'role') service.invalidateRoles();
    else if (event.model === 'user') service.invalidateUser(event.id);
  });
  return service;
}
