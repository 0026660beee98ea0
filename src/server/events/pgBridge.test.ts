import { EventEmitter } from 'node:events';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus, type EventBus, type ServerEvent } from './bus';
import { decodeEnvelope, encodeEnvelope, EVENTS_CHANNEL, startPgBridge, type NotifyClient } from './pgBridge';

const log = Fastify({ logger: false }).log;

/** An in-memory stand-in for PostgreSQL's LISTEN/NOTIFY: every listening client gets every notification, its sender's included. */
class FakeServer {
  readonly listeners = new Set<FakeClient>();
  up = true;
  client = (): FakeClient => new FakeClient(this);
}

class FakeClient extends EventEmitter implements NotifyClient {
  constructor(private readonly server: FakeServer) {
    super();
  }
  async connect(): Promise<void> {
    if (!this.server.up) throw new Error('connection refused');
  }
  async query(text: string, values: unknown[] = []): Promise<unknown> {
    if (text === `LISTEN ${EVENTS_CHANNEL}`) this.server.listeners.add(this);
    else
      for (const client of this.server.listeners)
        client.emit('notification', { channel: values[0], payload: values[1] });
    return {};
  }
  async end(): Promise<void> {
    this.server.listeners.delete(this);
  }
  fail(): void {
    this.server.listeners.delete(this);
    this.emit('error', new Error('connection lost'));
  }
}

function record(bus: EventBus): ServerEvent[] {
  const seen: ServerEvent[] = [];
  bus.subscribe((event) => seen.push(event));
  return seen;
}

const userEvent = (id: string, doc: Record<string, unknown> = { _id: id }): ServerEvent => ({
  type: 'document',
  model: 'user',
  id,
  action: 'update',
  doc,
});

describe('pg event bridge', () => {
  it('carries session revocations whole', () => {
    const events: ServerEvent[] = [
      { type: 'session/revoked', session: 'a'.repeat(64) },
      { type: 'session/revoked', userId: 'u1', except: 'b'.repeat(64) },
    ];
    for (const event of events)
      expect(decodeEnvelope(encodeEnvelope('o', event))).toEqual({ origin: 'o', event, slim: false });
  });

  it('encodes large events without their document', () => {
    const small = userEvent('a');
    expect(decodeEnvelope(encodeEnvelope('o', small))).toEqual({ origin: 'o', event: small, slim: false });
    const large = userEvent('b', { _id: 'b', text: 'x'.repeat(10_000) });
    const encoded = encodeEnvelope('o', large);
    expect(Buffer.byteLength(encoded)).toBeLessThan(8000);
    expect(decodeEnvelope(encoded)).toEqual({ origin: 'o', event: { ...large, doc: {} }, slim: true });
    expect(decodeEnvelope('nonsense')).toBeUndefined();
    expect(decodeEnvelope('{"origin":"o","event":{"type":"other"}}')).toBeUndefined();
  });

  it('republishes events of other processes once, without echoing them back', async () => {
    const server = new FakeServer();
    const [busA, busB] = [createEventBus(), createEventBus()];
    const [seenA, seenB] = [record(busA), record(busB)];
    const load = vi.fn(async (_model: string, id: string) => ({ _id: id, loaded: true }));
    const a = await startPgBridge({ bus: busA, createClient: server.client, log });
    const b = await startPgBridge({ bus: busB, createClient: server.client, log, loadDoc: load });

    busA.publish(userEvent('1'));
    busA.publish(userEvent('2', { _id: '2', text: 'x'.repeat(10_000) }));
    await vi.waitFor(() => expect(seenB).toHaveLength(2));
    expect(seenB).toEqual([userEvent('1'), userEvent('2', { _id: '2', loaded: true })]);
    expect(load).toHaveBeenCalledWith('user', '2');
    expect(seenA).toHaveLength(2);

    await a.close();
    await b.close();
    busA.publish(userEvent('3'));
    expect(server.listeners.size).toBe(0);
  });

  it('reconnects after losing its connection', async () => {
    const server = new FakeServer();
    const [busA, busB] = [createEventBus(), createEventBus()];
    const seenB = record(busB);
    const clients: FakeClient[] = [];
    const a = await startPgBridge({ bus: busA, createClient: server.client, log });
    const b = await startPgBridge({ bus: busB, createClient: () => clients[clients.push(server.client()) - 1], log });

    server.up = false;
    clients[0].fail();
    expect(server.listeners.size).toBe(1);
    server.up = true;
    await vi.waitFor(() => expect(server.listeners.size).toBe(2), { timeout: 5_000 });
    busA.publish(userEvent('after'));
    await vi.waitFor(() => expect(seenB).toEqual([userEvent('after')]));
    await Promise.all([a.close(), b.close()]);
  });
});
