import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestSocket } from '../helpers/wsClient';
import { callerOf, passesAcl, type Caller } from '../../src/server/access/caller';
import { unauthorized } from '../../src/server/errors';
import { createEventBus, type EventBus } from '../../src/server/events/bus';
import { realtimeRoutes } from '../../src/server/modules/realtime/routes';
import type { JobState, JobStateEvent } from '../../src/shared/api/queues';
/** A `queue/state` event's state as the queue service publishes it. */
const jobState = (state: JobState): JobStateEvent => ({
  state,
  progress: 0,
  createdOn: '2026-01-01T00:00:00.000Z',
  data: {},
});

// The websocket layer against fake services: limits, protocol errors and events that the real app cannot easily provoke.
describe('realtimeRoutes with fake services', () => {
  let app: FastifyInstance;
  let url: string;
  let bus: EventBus;
  let subscriptions = 0;
  const sockets: TestSocket[] = [];
  const sessions = new Map<string, Caller>([
    ['ops', callerOf({ _id: 'u1', login: 'ops', roles: ['ops'] }, () => ['manage:backend'])],
    ['editor', callerOf({ _id: 'u2', login: 'editor', roles: ['editor'] }, () => ['manage:files'])],
  ]);

  async function open(): Promise<TestSocket> {
    const socket = await TestSocket.open(url);
    sockets.push(socket);
    return socket;
  }

  beforeAll(async () => {
    const inner = createEventBus();
    bus = {
      publish: inner.publish,
      subscribe(listener) {
        subscriptions++;
        const unsubscribe = inner.subscribe(listener);
        return () => {
          subscriptions--;
          unsubscribe();
        };
      },
    };
    app = Fastify({ logger: false });
    await realtimeRoutes(
      app,
      {
        bus,
        log: app.log,
        auth: {
          async callerFromToken(token) {
            const caller = token && sessions.get(token);
            if (!caller) throw unauthorized();
            return caller;
          },
        },
        documents: {
          visibleTo: (caller, model, doc) =>
            model === 'file' && caller.permissions.has('manage:files') && passesAcl(caller, doc._read)
              ? doc
              : undefined,
        },
      },
      { maxPayload: 1024, maxSocketsPerAddress: 4, burst: 12, messagesPerSecond: 1 },
    );
    app.realtime.registerCommand('echo', (ctx, data) => ({ data, user: ctx.caller.user?.login ?? null }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/api/websocket`;
  });

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    await vi.waitFor(() => expect(app.realtime.connectionCount()).toBe(0));
  });

  afterAll(() => app.close());

  it('answers unknown commands, bad JSON, non-objects and binary frames, and stays usable', async () => {
    const socket = await open();
    expect(await socket.request('nope')).toMatchObject({ error: 'Unknown command nope' });
    expect(await socket.request('__proto__')).toMatchObject({ error: 'Unknown command __proto__' });
    socket.sendRaw('{not json');
    await socket.waitFor((message) => message.error === 'Invalid JSON', 'Invalid JSON error');
    socket.sendRaw('[1]');
    await socket.waitFor((message) => message.error === 'A message must be a JSON object', 'non-object error');
    socket.sendRaw(Buffer.from([1, 2, 3]));
    await socket.waitFor((message) => message.error === 'Binary messages are not supported', 'binary error');
    expect(await socket.request('debug.eval', { js: '1' })).toMatchObject({ error: 'debug.eval is disabled' });
  });

  it('lets other modules add commands, once', async () => {
    const socket = await open();
    expect(await socket.request('echo', 7)).toMatchObject({ cmd: 'echo', data: { data: 7, user: null } });
    expect(() => app.realtime.registerCommand('echo', () => null)).toThrow(/already registered/);
  });

  it('closes a socket that sends an oversized frame with 1009', async () => {
    const socket = await open();
    socket.sendRaw(JSON.stringify({ cmd: 'ping', data: 'x'.repeat(2048) }));
    expect(await socket.waitClosed()).toBe(1009);
  });

  it('limits messages per socket', async () => {
    const socket = await open();
    const replies = await Promise.all(Array.from({ length: 20 }, () => socket.request('ping')));
    expect(replies.filter((reply) => reply.error === 'Too many messages').length).toBeGreaterThan(0);
  });

  it('limits sockets per client address', async () => {
    await Promise.all([open(), open(), open(), open()]);
    const extra = await open();
    expect(await extra.waitClosed()).toBe(1013);
  });

  it('sends queue states only to members with manage:backend', async () => {
    const [ops, editor] = await Promise.all([open(), open()]);
    expect(await ops.request('SimpleQueue.joinQueue', { queue: 'images' })).toMatchObject({
      error: 'Requires manage:backend',
    });
    expect(await ops.request('login', 'ops')).toMatchObject({ data: { user: 'ops', roles: ['ops'] } });
    expect(await ops.request('SimpleQueue.joinQueue', { queue: 'images' })).toMatchObject({
      data: { queue: 'images' },
    });
    expect(await ops.request('SimpleQueue.joinQueue', {})).toMatchObject({ error: 'data.queue must be a queue name' });
    await editor.request('login', 'editor');
    expect(await editor.request('SimpleQueue.joinQueue', { queue: 'images' })).toMatchObject({
      error: 'Requires manage:backend',
    });

    bus.publish({ type: 'queue/state', queue: 'other', id: 'j0', state: jobState('active') });
    bus.publish({ type: 'queue/state', queue: 'images', id: 'j1', state: jobState('completed') });
    await ops.waitFor((message) => message.type === 'queue/state', 'queue/state event');
    expect(ops.events('queue/state')).toEqual([
      { type: 'queue/state', data: { queue: 'images', id: 'j1', state: jobState('completed') } },
    ]);

    await ops.request('SimpleQueue.leaveQueue', { queue: 'images' });
    bus.publish({ type: 'queue/state', queue: 'images', id: 'j2', state: jobState('completed') });
    await Promise.all([ops.request('ping'), editor.request('ping')]);
    expect(ops.events('queue/state')).toHaveLength(1);
    expect(editor.events('queue/state')).toEqual([]);
  });

  it('sends cms/item to those who may see the item, and nothing after logout', async () => {
    const [editor, anonymous] = await Promise.all([open(), open()]);
    expect(await editor.request('login', 'bad')).toMatchObject({ error: 'Session expired or invalid' });
    await editor.request('login', 'editor');
    bus.publish({
      type: 'cms/item',
      id: 'f1',
      parent: 'p1',
      model: 'file',
      doc: { _id: 'f1', _read: ['nobody-has-this'] },
    });
    bus.publish({ type: 'cms/item', id: 'f2', parent: null, model: 'file', doc: { _id: 'f2' } });
    await editor.waitFor((message) => message.type === 'cms/item', 'cms/item event');
    await anonymous.request('ping');
    expect(editor.events('cms/item')).toEqual([{ type: 'cms/item', data: { id: 'f2', parent: null } }]);
    expect(anonymous.events('cms/item')).toEqual([]);

    expect(await editor.request('logout')).toMatchObject({ data: { user: null } });
    bus.publish({ type: 'cms/item', id: 'f3', parent: null, model: 'file', doc: { _id: 'f3' } });
    await editor.request('ping');
    expect(editor.events('cms/item')).toHaveLength(1);
  });

  it('unsubscribes from the bus when a socket closes', async () => {
    const before = subscriptions;
    const socket = await open();
    await vi.waitFor(() => expect(subscriptions).toBe(before + 1));
    await socket.close();
    await vi.waitFor(() => expect(subscriptions).toBe(before));
  });
});
