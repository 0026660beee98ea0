import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { callerOf, type Caller } from '../../access/caller';
import { unauthorized } from '../../errors';
import { createEventBus } from '../../events/bus';
import { tokenHash } from '../auth/sessions';
import { createCommandRegistry } from './commands';
import { Connection, type OutgoingSocket, type RealtimeDeps } from './connection';
import { DEFAULT_REALTIME_OPTIONS } from './routes';

class FakeSocket implements OutgoingSocket {
  readyState = 1;
  bufferedAmount = 0;
  pings = 0;
  terminated = false;
  readonly sent: Array<Record<string, unknown>> = [];
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
}

const staff = (permissions: Array<'manage:payment' | 'manage:backend'>): Caller =>
  callerOf({ _id: 'u1', login: 'staff', roles: ['staff'] }, () => permissions);

function setup(options: Partial<typeof DEFAULT_REALTIME_OPTIONS> = {}) {
  const sessions = new Map<string, Caller>([['good', staff(['manage:payment'])]]);
  const bus = createEventBus();
  const deps: RealtimeDeps = {
    bus,
    log: Fastify({ logger: false }).log,
    auth: {
      async callerFromToken(token) {
        const caller = token && sessions.get(token);
        if (!caller) throw unauthorized('Session expired or invalid');
        return caller;
      },
    },
    documents: {
      visibleTo(caller, model, doc) {
        if (model === 'boom') throw new Error('broken filter');
        return model === 'client' && caller.permissions.has('manage:payment') ? doc : undefined;
      },
    },
  };
  const socket = new FakeSocket();
  const connection = new Connection(socket, deps, createCommandRegistry(), { ...DEFAULT_REALTIME_OPTIONS, ...options });
  const clientEvent = (id: string) =>
    bus.publish({ type: 'document', model: 'client', id, action: 'update', doc: { _id: id } });
  const pushed = (type: string) => socket.sent.filter((message) => message.type === type);
  const replyTo = (id: number) =>
    vi.waitFor(() => {
      const reply = socket.sent.find((message) => message.id === id);
      if (!reply) throw new Error(`no reply to #${id}; sent ${JSON.stringify(socket.sent)}`);
      return reply;
    });
  return { sessions, bus, socket, connection, clientEvent, pushed, replyTo };
}

describe('Connection', () => {
  it('runs commands in order, so a command after login sees the new caller', async () => {
    const { connection, replyTo } = setup();
    connection.receive(JSON.stringify({ cmd: 'login', data: 'good', id: 1 }));
    connection.receive(JSON.stringify({ cmd: 'SimpleQueue.joinQueue', data: { queue: 'q' }, id: 2 }));
    expect(await replyTo(1)).toEqual({ cmd: 'login', id: 1, data: { user: 'staff', roles: ['staff'] } });
    expect(await replyTo(2)).toEqual({ cmd: 'SimpleQueue.joinQueue', id: 2, error: 'Requires manage:backend' });
  });

  it('holds events back while a role change is re-checked, so a demoted caller sees none', async () => {
    const { connection, sessions, bus, clientEvent, pushed, replyTo } = setup();
    connection.receive(JSON.stringify({ cmd: 'login', data: 'good', id: 1 }));
    await replyTo(1);
    clientEvent('c1');
    expect(pushed('document')).toHaveLength(1);

    sessions.set('good', staff([]));
    bus.publish({ type: 'document', model: 'role', id: 'r1', action: 'update', doc: { _id: 'r1' } });
    clientEvent('c2');
    await vi.waitFor(() => expect(connection.caller.permissions.has('manage:payment')).toBe(false));
    clientEvent('c3');
    expect(pushed('document').map((message) => (message.data as { id: string }).id)).toEqual(['c1']);
  });

  it('ends a revoked session and tells the client', async () => {
    const { connection, sessions, bus, clientEvent, pushed, replyTo } = setup();
    connection.receive(JSON.stringify({ cmd: 'login', data: 'good', id: 1 }));
    await replyTo(1);
    sessions.delete('good');
    bus.publish({ type: 'document', model: 'user', id: 'u1', action: 'update', doc: { _id: 'u1' } });
    clientEvent('c1');
    await vi.waitFor(() =>
      expect(pushed('logout')).toEqual([{ type: 'logout', data: { reason: 'Session expired or invalid' } }]),
    );
    expect(pushed('document')).toEqual([]);
    expect(connection.caller.user).toBeUndefined();
  });

  it('ends the session at once on a session/revoked event naming it, by token hash or by user', async () => {
    const { connection, bus, clientEvent, pushed, replyTo } = setup();
    const login = async (id: number) => {
      connection.receive(JSON.stringify({ cmd: 'login', data: 'good', id }));
      expect(await replyTo(id)).toMatchObject({ data: { user: 'staff' } });
    };
    await login(1);
    // Other sessions, and the user's other sessions except this one, leave the socket logged in.
    bus.publish({ type: 'session/revoked', session: tokenHash('other') });
    bus.publish({ type: 'session/revoked', userId: 'u2' });
    bus.publish({ type: 'session/revoked', userId: 'u1', except: tokenHash('good') });
    clientEvent('c1');
    expect(pushed('document')).toHaveLength(1);
    expect(pushed('logout')).toEqual([]);
    // Synchronously in publish: the next event already finds the socket anonymous.
    bus.publish({ type: 'session/revoked', session: tokenHash('good') });
    clientEvent('c2');
    expect(pushed('logout')).toEqual([{ type: 'logout', data: { reason: 'Session expired or invalid' } }]);
    expect(pushed('document')).toHaveLength(1);
    expect(connection.caller.user).toBeUndefined();

    await login(2);
    bus.publish({ type: 'session/revoked', userId: 'u1' });
    clientEvent('c3');
    expect(pushed('logout')).toHaveLength(2);
    expect(pushed('document')).toHaveLength(1);
  });

  it('refuses a login whose token is revoked while it is resolved', async () => {
    const { connection, bus, pushed } = setup();
    const login = connection.login('good');
    bus.publish({ type: 'session/revoked', session: tokenHash('good') });
    await expect(login).rejects.toMatchObject({ status: 401, message: 'Session expired or invalid' });
    expect(pushed('logout')).toEqual([]);
    expect(connection.caller.user).toBeUndefined();
  });

  it('re-checks the session on the heartbeat once it is old enough', async () => {
    const { connection, sessions, pushed, replyTo } = setup({ recheckMs: 0 });
    connection.receive(JSON.stringify({ cmd: 'login', data: 'good', id: 1 }));
    await replyTo(1);
    sessions.delete('good');
    connection.heartbeat();
    await vi.waitFor(() => expect(pushed('logout')).toHaveLength(1));
  });

  it('pings, and terminates a socket that missed the previous ping', () => {
    const { connection, socket } = setup();
    expect(connection.heartbeat()).toBe(true);
    connection.pong();
    expect(connection.heartbeat()).toBe(true);
    expect(socket.pings).toBe(2);
    expect(connection.heartbeat()).toBe(false);
    expect(socket.terminated).toBe(true);
  });

  it('never throws into the publisher', () => {
    const { bus } = setup();
    expect(() => bus.publish({ type: 'document', model: 'boom', id: 'x', action: 'update', doc: {} })).not.toThrow();
  });

  it('drops a client that does not read, and stops listening to the bus when disposed', async () => {
    const { connection, bus, socket, replyTo } = setup();
    connection.receive(JSON.stringify({ cmd: 'login', data: 'good', id: 1 }));
    await replyTo(1);
    socket.bufferedAmount = DEFAULT_REALTIME_OPTIONS.maxBufferedBytes + 1;
    bus.publish({ type: 'document', model: 'client', id: 'c1', action: 'update', doc: { _id: 'c1' } });
    expect(socket.terminated).toBe(true);
    connection.dispose();
    const sentBefore = socket.sent.length;
    socket.readyState = 1;
    socket.bufferedAmount = 0;
    bus.publish({ type: 'document', model: 'client', id: 'c2', action: 'update', doc: { _id: 'c2' } });
    expect(socket.sent).toHaveLength(sentBefore);
  });
});
