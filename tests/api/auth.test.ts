import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/server/db/sql';
import { createObjectId } from '../../src/shared/format/objectId';
import { createEventBus, type ServerEvent } from '../../src/server/events/bus';
import { createAuthService } from '../../src/server/modules/auth/operations';
import { tokenHash } from '../../src/server/modules/auth/sessions';
import { insertUser } from '../helpers/users';
import { ADMIN_PASSWORD, createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('auth API', () => {
  let t: TestApp;
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const self = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/self', headers: token ? t.auth(token) : {} });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs in and answers the login state without the password hash', async () => {
    const extra = {
      email: 'mm@example.ch',
      firstName: 'Martina',
      lastName: 'Meier',
      avatar: { src: '/a.png' },
      projects: [],
    };
    const id = await insertUser(t.db, t.app.services.auth, 'mmeier', 'correct horse', { ...extra, roles: ['editor'] });
    const response = await post('/api/login', { username: 'mmeier', password: 'correct horse' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/argon2|password|projects/);
    const body = response.json() as { token: string; user: Record<string, unknown> };
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      _id: id,
      login: 'mmeier',
      email: 'mm@example.ch',
      firstName: 'Martina',
      lastName: 'Meier',
      avatar: { src: '/a.png' },
      roles: ['editor'],
    });
    const { rows } = await t.db.query<{ token_hash: string }>(
      sql`SELECT token_hash FROM auth_session WHERE user_id = ${id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(body.token);
  });

  it('answers 401 with one message for a wrong password and an unknown user', async () => {
    const wrong = await post('/api/login', { username: 'admin', password: 'not-the-password' });
    const unknown = await post('/api/login', { username: 'nobody-here', password: 'whatever' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses soft-deleted users, and their open sessions', async () => {
    const id = await insertUser(t.db, t.app.services.auth, 'gone', 'password-1');
    const token = await t.login('gone', 'password-1');
    await t.db.query(sql`UPDATE doc_user SET deleted_at = now() WHERE _id = ${id}`);
    t.app.services.auth.invalidateUser(id);
    expect((await post('/api/login', { username: 'gone', password: 'password-1' })).statusCode).toBe(401);
    expect((await self(token)).statusCode).toBe(401);
  });

  it('revokes the sessions of a user deleted through the API', async () => {
    const id = await insertUser(t.db, t.app.services.auth, 'leaving', 'password-1');
    await t.login('leaving', 'password-1');
    await t.login('leaving', 'password-1');
    const admin = await t.login();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=user&id=${id}`,
      headers: t.auth(admin),
    });
    expect(deleted.statusCode).toBe(200);
    const { rows } = await t.db.query<{ revoked: boolean }>(
      sql`SELECT revoked_at IS NOT NULL AS revoked FROM auth_session WHERE user_id = ${id}`,
    );
    expect(rows.map((row) => row.revoked)).toEqual([true, true]);
  });

  it('answers /api/self for a session and 401 without one', async () => {
    const token = await t.login();
    const mine = await self(token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ login: 'admin', roles: ['superuser'] });
    expect(mine.body).not.toContain('password');
    const anonymous = await self();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Not logged in' });
  });

  it('rejects unknown and malformed tokens, also on public routes', async () => {
    for (const token of ['x'.repeat(43), 'not a token', 'null']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: t.auth(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Session expired or invalid' });
    }
  });

  it('logs out: the token is refused afterwards, everywhere', async () => {
    const token = await t.login();
    expect((await self(token)).statusCode).toBe(200); // now cached in memory
    const out = await post('/api/logout', undefined, t.auth(token));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect((await self(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: t.auth(token) })).statusCode).toBe(401);
    expect((await post('/api/logout')).statusCode).toBe(401);
  });

  it('revokes every session of a user except the one in use', async () => {
    const id = await insertUser(t.db, t.app.services.auth, 'changer', 'password-1');
    const [keep, other, third] = [
      await t.login('changer', 'password-1'),
      await t.login('changer', 'password-1'),
      await t.login('changer', 'password-1'),
    ];
    for (const token of [keep, other, third]) expect((await self(token)).statusCode).toBe(200);
    await t.app.services.auth.revokeSessions(id, { keep: tokenHash(keep) });
    expect((await self(keep)).statusCode).toBe(200);
    expect((await self(other)).statusCode).toBe(401);
    expect((await self(third)).statusCode).toBe(401);
    await t.app.services.auth.revokeSessions(id);
    expect((await self(keep)).statusCode).toBe(401);
  });

  it('validates the login body strictly', async () => {
    const json = { 'content-type': 'application/json' };
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: json,
      payload: '{"username":"admin","password":"x","__proto__":{"polluted":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await post('/api/login', { username: 'admin', password: 'x', role: 'superuser' })).statusCode).toBe(400);
    expect((await post('/api/login', { username: 'admin' })).statusCode).toBe(400);
    expect((await post('/api/login', { username: 'a'.repeat(101), password: 'x' })).statusCode).toBe(400);
    const huge = await post('/api/login', { username: 'admin', password: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty('error');
  });

  it('maps roles to permissions and picks up role changes after invalidateRoles', async () => {
    const roleId = createObjectId();
    await t.db.query(
      sql`INSERT INTO doc_role (_id, doc) VALUES (${roleId}, ${JSON.stringify({ name: 'editor', permissions: ['manage:cms'] })}::jsonb)`,
    );
    await insertUser(t.db, t.app.services.auth, 'editor1', 'password-1', { roles: ['editor'] });
    const token = await t.login('editor1', 'password-1');
    const auth = t.app.services.auth;
    auth.invalidateRoles();
    const before = await auth.callerFromToken(token);
    expect([...before.permissions]).toEqual(['manage:cms']);
    expect(before).toMatchObject({ almighty: false, roles: ['guest', 'editor'], user: { login: 'editor1' } });
    await t.db.query(
      sql`UPDATE doc_role SET doc = ${JSON.stringify({ name: 'editor', permissions: ['manage:files'] })}::jsonb WHERE _id = ${roleId}`,
    );
    auth.invalidateRoles();
    expect([...(await auth.callerFromToken(token)).permissions]).toEqual(['manage:files']);
    expect((await auth.callerFromToken(await t.login())).almighty).toBe(true);
    expect(await auth.callerFromToken(undefined)).toMatchObject({ roles: ['guest'], almighty: false });
  });

  it('announces revocations on the bus, and drops cached sessions another process revoked', async () => {
    const bus = createEventBus();
    const seen: ServerEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    const { registry } = t.app.services;
    const auth = createAuthService({ db: t.db, registry, config: { sessionTtlMs: 60_000 }, log: t.app.log, bus });
    const id = await insertUser(t.db, auth, 'revoked', 'password-1', { roles: ['editor'] });
    const [one, two] = [
      await auth.login('revoked', 'password-1', '10.9.9.8'),
      await auth.login('revoked', 'password-1', '10.9.9.8'),
    ];
    await auth.logout(one.token);
    await auth.revokeSessions(id, { keep: tokenHash(two.token), reason: 'password-changed' });
    await auth.revokeSessions(id);
    expect(seen.filter((event) => event.type === 'session/revoked')).toEqual([
      { type: 'session/revoked', session: tokenHash(one.token) },
      { type: 'session/revoked', userId: id, except: tokenHash(two.token), reason: 'password-changed' },
      { type: 'session/revoked', userId: id },
    ]);
    // Another process revoked the session: its event arrives through the bridge, the cached caller goes.
    const { token } = await auth.login('revoked', 'password-1', '10.9.9.8');
    expect((await auth.callerFromToken(token)).user?._id).toBe(id);
    await t.db.query(sql`UPDATE auth_session SET revoked_at = now() WHERE token_hash = ${tokenHash(token)}`);
    expect((await auth.callerFromToken(token)).user?._id).toBe(id);
    bus.publish({ type: 'session/revoked', session: tokenHash(token) });
    await expect(auth.callerFromToken(token)).rejects.toMatchObject({ status: 401 });
  });

  it('caches sessions briefly and drops them on user and role events of the bus', async () => {
    const bus = createEventBus();
    const { registry } = t.app.services;
    const auth = createAuthService({ db: t.db, registry, config: { sessionTtlMs: 60_000 }, log: t.app.log, bus });
    const id = await insertUser(t.db, auth, 'cached', 'password-1', { roles: ['editor'] });
    const { token } = await auth.login('cached', 'password-1', '10.9.9.9');
    expect((await auth.callerFromToken(token)).user?._id).toBe(id);
    // Deleted behind the service's back: the cached session still answers (for at most a few seconds)...
    await t.db.query(sql`UPDATE doc_user SET deleted_at = now() WHERE _id = ${id}`);
    expect((await auth.callerFromToken(token)).user?._id).toBe(id);
    // ...until the documents module announces the change.
    bus.publish({ type: 'document', model: 'user', id, action: 'delete', doc: {} });
    await expect(auth.callerFromToken(token)).rejects.toMatchObject({
      status: 401,
      message: 'Session expired or invalid',
    });
  });

  it('stops accepting a session once it expires', async () => {
    const short = await createTestApp({ config: { sessionTtlMs: 300 } });
    try {
      const token = await short.login();
      expect((await short.app.inject({ method: 'GET', url: '/api/self', headers: short.auth(token) })).statusCode).toBe(
        200,
      );
      await new Promise((resolve) => setTimeout(resolve, 400));
      const expired = await short.app.inject({ method: 'GET', url: '/api/self', headers: short.auth(token) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ error: 'Session expired or invalid' });
    } finally {
      await short.close();
    }
  });

  it('creates a user only with a password; an update without one keeps it', async () => {
    const admin = await t.login();
    const saveUser = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/document/updateOne?model=user', headers: t.auth(admin), payload });
    const stored = async (login: string) =>
      (
        await t.db.query<{ doc: Record<string, unknown> }>(
          sql`SELECT doc FROM doc_user WHERE doc->>'login' = ${login} AND deleted_at IS NULL`,
        )
      ).rows.map((row) => row.doc);

    for (const password of [undefined, '', null]) {
      const refused = await saveUser({ login: 'no-password', roles: [], password });
      expect(refused.statusCode, String(password)).toBe(400);
      expect(refused.json()).toEqual({
        error: 'password: is required',
        fields: [{ field: 'password', message: 'is required' }],
      });
    }
    expect(await stored('no-password')).toEqual([]);
    await expect(t.login('no-password', '')).rejects.toThrow();

    const created = await saveUser({ login: 'with-password', firstName: 'Vera', password: 'first-password' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).not.toHaveProperty('password');
    expect(created.body).not.toContain('argon2');
    const { _id, _version } = created.json() as { _id: string; _version: number };
    const token = await t.login('with-password', 'first-password');
    const [{ password: hash }] = await stored('with-password');
    expect(hash).toMatch(/^\$argon2id\$/);

    const updated = await saveUser({ _id, _version, login: 'with-password', firstName: 'Vreni' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await stored('with-password')).toEqual([expect.objectContaining({ firstName: 'Vreni', password: hash })]);
    // The password stayed: the sessions too, and it still logs in.
    expect((await self(token)).statusCode).toBe(200);
    expect(await t.login('with-password', 'first-password')).toBeTruthy();
    const emptied = await saveUser({ _id, firstName: 'Vreni', password: '' });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(await t.login('with-password', 'first-password')).toBeTruthy();
  });

  it('edits a user stored without a password without asking for one; the user logs in once an admin sets one', async () => {
    const admin = await t.login();
    const id = createObjectId();
    const doc = { login: 'legacy', roles: [], projects: [] };
    await t.db.query(sql`INSERT INTO doc_user (_id, doc) VALUES (${id}, ${JSON.stringify(doc)}::jsonb)`);
    const saveUser = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/document/updateOne?model=user', headers: t.auth(admin), payload });
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'legacy', password } });
    const stored = async () =>
      (await t.db.query<{ doc: Record<string, unknown> }>(sql`SELECT doc FROM doc_user WHERE _id = ${id}`)).rows[0].doc;

    // What the user form sends for a saved user: the whole document, the password field left empty.
    for (const payload of [
      { _id: id, firstName: 'Lea' },
      { _id: id, login: 'legacy', firstName: 'Lea', lastName: 'Brunner', roles: [], password: '' },
      { _id: id, email: 'lea@example.ch', password: null },
    ]) {
      const saved = await saveUser(payload);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).not.toHaveProperty('password');
    }
    expect(await stored()).toEqual({ ...doc, firstName: 'Lea', lastName: 'Brunner', email: 'lea@example.ch' });
    // Without a password nobody logs in as this user, whatever they type (the same answer as a wrong one).
    for (const password of ['', 'undefined', 'legacy-password']) {
      const refused = await login(password);
      expect(refused.statusCode, password).toBe(password === '' ? 400 : 401);
      if (password) expect(refused.json()).toEqual({ error: 'Invalid username or password' });
    }
    // A new password still has to meet the rules.
    const short = await saveUser({ _id: id, password: 'kurz' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual([{ field: 'password', message: expect.stringMatching(/at least 8/) }]);

    expect((await saveUser({ _id: id, password: 'legacy-password' })).statusCode).toBe(200);
    expect((await stored()).password).toMatch(/^\$argon2id\$/);
    expect((await login('legacy-password')).statusCode).toBe(200);
  });

  it('keeps ADMIN_PASSWORD working for the test helper', async () => {
    expect(await t.login('admin', ADMIN_PASSWORD)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
