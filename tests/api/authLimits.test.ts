import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectId } from '../../src/shared/format/objectId';
import { createRegistry } from '../../src/shared/registry';
import { migrate } from '../../src/server/db/tables';
import { loadSchemaSet } from '../../src/server/schemaSet';
import { sql } from '../../src/server/db/sql';
import { createAuthService } from '../../src/server/modules/auth/operations';
import { HttpError } from '../../src/server/errors';
import { ADMIN_PASSWORD, createTestApp, freshDatabase } from '../helpers/testApp';
import { insertUser } from '../helpers/users';
import { createEventBus } from '../../src/server/events/bus';
import { createDocumentService } from '../../src/server/modules/documents/operations';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('login rate limits', () => {
  let t: TestApp;
  /** Each test logs in from its own address, so the per-address budget of one does not leak into another. */
  const attempt = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('locks an account after 5 failures, before checking the password', async () => {
    await insertUser(t.db, t.app.services.auth, 'victim', 'right-password');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await attempt('victim', `guess-${i}`, `10.0.1.${i}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));

    const locked = await attempt('victim', 'right-password', '10.0.1.200');
    expect(locked.statusCode).toBe(429);
    const body = locked.json() as { error: string; retryAfter: number };
    expect(body.retryAfter).toBeGreaterThan(800);
    expect(body.retryAfter).toBeLessThanOrEqual(900);
    expect(body.error).toBe(`Too many failed logins, try again in ${body.retryAfter} seconds`);
    expect(locked.headers['retry-after']).toBe(String(body.retryAfter));
    // Refused attempts are not stored: only the 5 failures count.
    const { rows } = await t.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM auth_attempt WHERE key = 'account:victim'`,
    );
    expect(rows[0].n).toBe(5);
  });

  it('shares one budget across spellings of a login', async () => {
    for (let i = 0; i < 5; i += 1) await attempt(i % 2 ? 'Spelled' : 'SPELLED', 'wrong', `10.0.2.${i}`);
    expect((await attempt('spelled', 'wrong', '10.0.2.99')).statusCode).toBe(429);
  });

  it('locks a client address after 20 failures on any accounts', async () => {
    for (let i = 0; i < 20; i += 1) expect((await attempt(`someone-${i}`, 'wrong', '10.0.3.1')).statusCode).toBe(401);
    expect((await attempt('admin', ADMIN_PASSWORD, '10.0.3.1')).statusCode).toBe(429);
    expect((await attempt('someone-new', 'wrong', '10.0.3.1')).statusCode).toBe(429);
    expect((await attempt('admin', ADMIN_PASSWORD, '10.0.3.2')).statusCode).toBe(200);
  });

  it('clears the failures of an account on a successful login', async () => {
    await insertUser(t.db, t.app.services.auth, 'forgetful', 'right-password');
    for (let i = 0; i < 4; i += 1) expect((await attempt('forgetful', 'wrong', '10.0.4.1')).statusCode).toBe(401);
    expect((await attempt('forgetful', 'right-password', '10.0.4.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await attempt('forgetful', 'wrong', '10.0.4.1')).statusCode).toBe(401);
  });

  it('counts concurrent guesses: a burst gets no more than 5 password checks', async () => {
    await insertUser(t.db, t.app.services.auth, 'burst', 'right-password');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt('burst', `guess-${i}`, `10.0.5.${i}`)),
    );
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });

  it('caps login requests per address in memory as a flood guard', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i += 1) statuses.push((await attempt(`flood-${i % 3}`, 'wrong', '10.0.7.1')).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(15);
    const last = await attempt('admin', ADMIN_PASSWORD, '10.0.7.1');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      error: expect.stringMatching(/^Too many requests, try again in \d+ seconds$/),
    });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('unlocks after the window, with the limits persisted in the database', async () => {
    let clock = Date.now();
    const options = {
      db: t.db,
      registry: t.app.services.registry,
      config: { sessionTtlMs: 60_000 },
      log: t.app.log,
      now: () => clock,
    };
    const first = createAuthService(options);
    await insertUser(t.db, first, 'sleeper', 'right-password');
    for (let i = 0; i < 5; i += 1)
      await expect(first.login('sleeper', 'wrong', '10.0.6.1')).rejects.toMatchObject({ status: 401 });
    // A second service on the same database (another process, or after a restart) sees the lock.
    const second = createAuthService(options);
    const locked = await second.login('sleeper', 'right-password', '10.0.6.2').catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(HttpError);
    expect(locked).toMatchObject({ status: 429, details: { retryAfter: 900 } });
    clock += 15 * 60_000 + 1_000;
    await expect(second.login('sleeper', 'right-password', '10.0.6.2')).resolves.toMatchObject({
      user: { login: 'sleeper' },
    });
  });
});

describe('ensureAdmin', () => {
  async function serviceOnFreshDatabase(adminPassword?: string) {
    const { db, drop } = await freshDatabase();
    const registry = createRegistry(await loadSchemaSet([path.resolve('tests/fixtures/schemas')]));
    await migrate(db, registry); // the PGlite template is migrated already; a fresh PostgreSQL database is not
    // The first admin is written through the document operations (validation, hooks, events).
    const auth = createAuthService({
      db,
      registry,
      config: { sessionTtlMs: 60_000, adminPassword },
      log: Fastify({ logger: false }).log,
      documents: () => documents,
    });
    const bus = createEventBus();
    const documents = createDocumentService({ db, registry, bus, auth });
    await auth.migrate();
    return { db, drop, auth, bus };
  }

  it('creates the roles and the admin once, returning a generated password only the first time', async () => {
    const { db, drop, auth } = await serviceOnFreshDatabase();
    try {
      const first = await auth.ensureAdmin();
      expect(first.created).toBe(true);
      expect(first.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(await auth.ensureAdmin()).toEqual({ created: false });
      await auth.migrate();
      expect(await auth.ensureAdmin()).toEqual({ created: false });

      const roles = await db.query<{ name: string }>(sql`SELECT doc->>'name' AS name FROM doc_role ORDER BY 1`);
      expect(roles.rows.map((r) => r.name)).toEqual(['admin', 'superuser']);
      const users = await db.query<{ doc: Record<string, unknown> }>(sql`SELECT doc FROM doc_user`);
      expect(users.rows).toHaveLength(1);
      expect(users.rows[0].doc).toMatchObject({ login: 'admin', roles: ['superuser'] });
      expect(users.rows[0].doc.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await expect(auth.login('admin', first.password ?? '', '127.0.0.1')).resolves.toMatchObject({
        user: { roles: ['superuser'] },
      });
    } finally {
      await drop();
    }
  });

  it('uses the configured password (nothing to print), and never runs twice concurrently', async () => {
    const { db, drop, auth } = await serviceOnFreshDatabase(ADMIN_PASSWORD);
    try {
      const results = await Promise.all([auth.ensureAdmin(), auth.ensureAdmin()]);
      expect(results.filter((r) => r.created)).toEqual([{ created: true }]);
      await expect(auth.login('admin', ADMIN_PASSWORD, '127.0.0.1')).resolves.toHaveProperty('token');
      const { rows } = await db.query(sql`SELECT 1 FROM doc_user`);
      expect(rows).toHaveLength(1);
    } finally {
      await drop();
    }
  });

  it('writes the roles and the admin as documents: validated, with their realtime events', async () => {
    const { drop, auth, bus } = await serviceOnFreshDatabase(ADMIN_PASSWORD);
    const events: string[] = [];
    bus.subscribe((event) => {
      if (event.type === 'document') events.push(`${event.action} ${event.model}`);
    });
    try {
      expect(await auth.ensureAdmin()).toEqual({ created: true });
      expect(events.sort()).toEqual(['create role', 'create role', 'create user']);
    } finally {
      await drop();
    }
  });

  it('refuses a configured admin password the user schema does not accept', async () => {
    const { drop, auth } = await serviceOnFreshDatabase('short');
    try {
      await expect(auth.ensureAdmin()).rejects.toThrow(/password/);
    } finally {
      await drop();
    }
  });

  it('adds the admin next to existing roles without duplicating them', async () => {
    const { db, drop, auth } = await serviceOnFreshDatabase(ADMIN_PASSWORD);
    try {
      await db.query(
        sql`INSERT INTO doc_role (_id, doc) VALUES (${createObjectId()}, '{"name":"admin","permissions":[]}'::jsonb)`,
      );
      expect(await auth.ensureAdmin()).toEqual({ created: true });
      const roles = await db.query<{ name: string }>(sql`SELECT doc->>'name' AS name FROM doc_role ORDER BY 1`);
      expect(roles.rows.map((r) => r.name)).toEqual(['admin', 'superuser']);
    } finally {
      await drop();
    }
  });
});
