import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';
import { listenForSockets, TestSocket, type WsMessage } from '../helpers/wsClient';
import type { JobState, JobStateEvent } from '../../src/shared/api/queues';
import { SESSION_END_MESSAGES } from '../../src/shared/api/auth';

const PASSWORD_CHANGED = { reason: SESSION_END_MESSAGES['password-changed'], code: 'password-changed' };
/** A `queue/state` event's state as the queue service publishes it. */
const jobState = (state: JobState): JobStateEvent => ({
  state,
  progress: 0,
  createdOn: '2026-01-01T00:00:00.000Z',
  data: {},
});

let t: Awaited<ReturnType<typeof createTestApp>>;
let url: string;
let adminToken: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  url = await listenForSockets(t.app);
});

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  await vi.waitFor(() => expect(t.app.realtime.connectionCount()).toBe(0));
});

afterAll(() => t.close());

async function open(token?: string): Promise<TestSocket> {
  const socket = await TestSocket.open(url);
  sockets.push(socket);
  if (token) expect(await socket.request('login', token)).toMatchObject({ data: { roles: expect.any(Array) } });
  return socket;
}

async function saveClient(name: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/document/updateOne?model=client',
    headers: t.auth(adminToken),
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { _id: string })._id;
}

const clientEvent = (id: string) => (message: WsMessage) =>
  message.type === 'document' &&
  (message.data as { model?: string; id?: string }).model === 'client' &&
  (message.data as { id?: string }).id === id;

/**
 * Proves a socket did not get an event: an event is written to every socket while it is published,
 * so once a watcher has it, any copy for `socket` arrives before the reply to a later ping.
 */
async function expectNoEvent(socket: TestSocket, match: (message: WsMessage) => boolean): Promise<void> {
  expect(await socket.request('ping')).toMatchObject({ data: 'pong' });
  expect(socket.received.filter(match)).toEqual([]);
}

describe('realtime socket on the real app', () => {
  it('keeps private document events from anonymous sockets and sends them after an admin login', async () => {
    const [anonymous, admin] = await Promise.all([open(), open()]);
    expect(await admin.request('login', adminToken)).toMatchObject({ cmd: 'login', data: { user: 'admin' } });

    const id = await saveClient('Realtime AG');
    const event = await admin.waitFor(clientEvent(id), 'client document event for the admin');
    expect(event).toMatchObject({
      type: 'document',
      data: { model: 'client', id, action: 'create', doc: { _id: id, name: 'Realtime AG' } },
    });
    await expectNoEvent(anonymous, clientEvent(id));

    // Until login the socket is anonymous; after login it gets the next change.
    await anonymous.request('login', adminToken);
    await saveClient('Realtime AG 2').then((second) => anonymous.waitFor(clientEvent(second), 'event after login'));
  });

  it('sends client events to a user with manage:payment only', async () => {
    const staff = await userWithRole(t, adminToken, 'rt-staff', 'staff');
    const accountant = await userWithRole(t, adminToken, 'rt-accountant', 'accountant');
    const [staffSocket, accountantSocket] = await Promise.all([open(staff.token), open(accountant.token)]);

    const id = await saveClient('Payment only GmbH');
    await accountantSocket.waitFor(clientEvent(id), 'client event for the accountant');
    await expectNoEvent(staffSocket, clientEvent(id));

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=client&id=${id}`,
      headers: t.auth(adminToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const deleted = (message: WsMessage) =>
      clientEvent(id)(message) && (message.data as { action?: string }).action === 'delete';
    await accountantSocket.waitFor(deleted, 'delete event for the accountant');
    await expectNoEvent(staffSocket, deleted);
  });

  it('stops sending client events as soon as the role loses manage:payment', async () => {
    const save = async (model: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/document/updateOne?model=${model}`,
        headers: t.auth(adminToken),
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { _id: string })._id;
    };
    const roleId = await save('role', { name: 'rt-payer', permissions: ['manage:payment'] });
    await save('user', { login: 'rt-payer', roles: ['rt-payer'], password: 'rt-payer-password-1' });
    const [socket, watcher] = await Promise.all([
      open(await t.login('rt-payer', 'rt-payer-password-1')),
      open(adminToken),
    ]);
    const before = await saveClient('Before demotion');
    await socket.waitFor(clientEvent(before), 'client event before the demotion');

    await save('role', { _id: roleId, name: 'rt-payer', permissions: [] });
    const after = await saveClient('After demotion');
    await watcher.waitFor(clientEvent(after), 'client event for the admin');
    await expectNoEvent(socket, clientEvent(after));
  });

  it('ends the socket session once its token is revoked', async () => {
    const user = await userWithRole(t, adminToken, 'rt-revoked', 'accountant');
    const socket = await open(user.token);
    const loggedOut = await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.auth(user.token) });
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    // The socket re-checks every minute, and at once when its user changes.
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=user',
      headers: t.auth(adminToken),
      payload: { _id: user.id, login: 'rt-revoked', roles: ['accountant'], firstName: 'Revoked' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await socket.waitFor((message) => message.type === 'logout', 'logout push after the revocation');

    const id = await saveClient('After revocation');
    const watcher = await open(adminToken);
    await saveClient('Barrier').then((barrier) => watcher.waitFor(clientEvent(barrier), 'barrier event'));
    await expectNoEvent(socket, clientEvent(id));
  });

  it('logs a socket out the moment its session is revoked (logout, password change): no document event after it', async () => {
    const contact = async (message: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/cms/contact',
        payload: { firstName: 'Rita', lastName: 'Realtime', email: 'rita@example.ch', message, agb: true },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const contactEvent = (message: string) => (pushed: WsMessage) =>
      pushed.type === 'document' &&
      (pushed.data as { model?: string }).model === 'contactRequest' &&
      (pushed.data as { doc?: { data?: { message?: string } } }).doc?.data?.message === message;
    const loggedOut = (pushed: WsMessage) => pushed.type === 'logout';
    const watcher = await open(adminToken);

    // POST /api/logout: nothing else happens that would make the socket check its session again.
    const staff = await userWithRole(t, adminToken, 'rt-logout', 'staff');
    const socket = await open(staff.token);
    await contact('Before logout');
    await socket.waitFor(contactEvent('Before logout'), 'contact request event before the logout');
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.auth(staff.token) });
    expect(logout.statusCode, logout.body).toBe(200);
    await contact('After logout');
    await watcher.waitFor(contactEvent('After logout'), 'contact request event for the admin');
    await expectNoEvent(socket, contactEvent('After logout'));
    expect(socket.received.filter(loggedOut)).toEqual([
      { type: 'logout', data: { reason: 'Session expired or invalid' } },
    ]);

    // A password change revokes every session of the user.
    const other = await userWithRole(t, adminToken, 'rt-password', 'staff');
    const [first, second] = await Promise.all([open(other.token), open(other.token)]);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=user',
      headers: t.auth(adminToken),
      payload: { _id: other.id, login: 'rt-password', roles: ['staff'], password: 'rt-password-changed-2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await contact('After password change');
    await watcher.waitFor(contactEvent('After password change'), 'contact request event for the admin');
    for (const revoked of [first, second]) {
      await expectNoEvent(revoked, contactEvent('After password change'));
      expect(revoked.received.filter(loggedOut)).toEqual([{ type: 'logout', data: PASSWORD_CHANGED }]);
    }
  });

  it('keeps the session a user changed their own password through; their other sessions end and are told why', async () => {
    const user = await userWithRole(t, adminToken, 'rt-own-password', 'staff');
    const self = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/self', headers: t.auth(token) }).then((r) => r.statusCode);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'rt-own-password', password } });
    const phone = (await login(user.password)).json().token as string;
    const [here, there] = await Promise.all([open(user.token), open(phone)]);
    const admin = await open(adminToken);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=user',
      headers: t.auth(user.token),
      payload: { _id: user.id, password: 'rt-own-password-2', _current: { password: user.password } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The answer is the document as before: no token, no hash.
    expect(changed.body).not.toMatch(/argon2|token|rt-own-password-2/);
    await there.waitFor((message) => message.type === 'logout', 'logout push to the other session');
    expect(there.received.filter((message) => message.type === 'logout')).toEqual([
      { type: 'logout', data: PASSWORD_CHANGED },
    ]);
    expect(await self(phone)).toBe(401);
    // The session the change came through goes on, over HTTP and on its socket; the admin's is untouched.
    expect(await self(user.token)).toBe(200);
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=user',
      headers: t.auth(user.token),
      payload: { _id: user.id, firstName: 'Still here' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const renamedEvent = (message: WsMessage) =>
      message.type === 'document' && (message.data as { doc?: { firstName?: string } }).doc?.firstName === 'Still here';
    await here.waitFor(renamedEvent, 'event for the session that changed the password');
    await admin.waitFor(renamedEvent, 'event for the admin');
    await expectNoEvent(there, renamedEvent);
    expect(here.received.filter((message) => message.type === 'logout')).toEqual([]);
    expect(await self(adminToken)).toBe(200);
    expect((await login('rt-own-password-2')).statusCode).toBe(200);

    // An admin setting it ends every session of the user, the one it was changed through before as well.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=user',
      headers: t.auth(adminToken),
      payload: { _id: user.id, password: 'rt-own-password-3' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await here.waitFor((message) => message.type === 'logout', 'logout push after the admin set the password');
    expect(await self(user.token)).toBe(401);
    expect(await self(adminToken)).toBe(200);
  });

  it('answers a bad token, an unknown command, a forbidden queue join and invalid JSON with errors', async () => {
    const staff = await userWithRole(t, adminToken, 'rt-queue', 'staff');
    const socket = await open();
    expect(await socket.request('login', 'not-a-token')).toMatchObject({
      cmd: 'login',
      error: 'Session expired or invalid',
    });
    expect(await socket.request('frobnicate')).toMatchObject({ error: 'Unknown command frobnicate' });
    expect(await socket.request('SimpleQueue.joinQueue', { queue: 'images' })).toMatchObject({
      error: 'Requires manage:backend',
    });
    await socket.request('login', staff.token);
    expect(await socket.request('SimpleQueue.joinQueue', { queue: 'images' })).toMatchObject({
      error: 'Requires manage:backend',
    });
    expect(await socket.request('debug.eval', { js: 'process.exit(1)' })).toMatchObject({
      error: 'debug.eval is disabled',
    });

    socket.sendRaw('{"cmd": "login", ');
    await socket.waitFor((message) => message.error === 'Invalid JSON', 'Invalid JSON error');
    expect(await socket.request('ping')).toMatchObject({ data: 'pong' });

    const admin = await open(adminToken);
    expect(await admin.request('SimpleQueue.joinQueue', { queue: 'images' })).toMatchObject({
      data: { queue: 'images' },
    });
    t.app.services.bus.publish({ type: 'queue/state', queue: 'images', id: 'job-1', state: jobState('completed') });
    await admin.waitFor((message) => message.type === 'queue/state', 'queue/state event');
  });

  it('refuses messages with a NUL character with an error reply, and the socket keeps working', async () => {
    const socket = await open(adminToken);
    const joined = await socket.request('SimpleQueue.joinQueue', { queue: 'im\u0000ages' });
    expect(joined).toEqual({
      cmd: 'SimpleQueue.joinQueue',
      id: expect.any(Number),
      error: 'data.queue: must not contain NUL characters',
    });
    expect(await socket.request('login', `${adminToken}\u0000`)).toMatchObject({
      error: 'data: must not contain NUL characters',
    });
    socket.sendRaw('{"cmd":"pi\\u0000ng","id":"nul-cmd"}');
    expect(await socket.waitFor((message) => message.id === 'nul-cmd', 'reply to a cmd with NUL')).toEqual({
      cmd: 'error',
      id: 'nul-cmd',
      error: 'cmd: must not contain NUL characters',
    });
    // Still logged in as admin, and still answering.
    expect(await socket.request('SimpleQueue.joinQueue', { queue: 'images' })).toMatchObject({
      data: { queue: 'images' },
    });
    expect(await socket.request('ping')).toMatchObject({ data: 'pong' });
  });

  it('cleans a socket up when it closes', async () => {
    const socket = await open(adminToken);
    expect(t.app.realtime.connectionCount()).toBe(1);
    await socket.close();
    await vi.waitFor(() => expect(t.app.realtime.connectionCount()).toBe(0));
  });
});
