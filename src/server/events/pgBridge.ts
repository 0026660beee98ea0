import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus, ServerEvent } from './bus';

/** The PostgreSQL channel every process of one installation listens on. */
export const EVENTS_CHANNEL = 'baukasten_events';
/** NOTIFY payloads are limited to 8000 bytes; larger events travel without their document. */
const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** What the bridge needs of a dedicated connection (pg's Client satisfies it). */
export interface NotifyClient {
  connect(): Promise<void>;
  query(text: string, values?: unknown[]): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  end(): Promise<void>;
}

export interface PgBridgeOptions {
  bus: EventBus;
  /** A new, unconnected client for the LISTEN connection (again after a connection loss). */
  createClient: () => NotifyClient;
  /** Loads a document whose event was too large to carry it; undefined drops the event. */
  loadDoc?: (model: string, id: string) => Promise<Record<string, unknown> | undefined>;
  log: FastifyBaseLogger;
  /** Tells this process's notifications apart from the others'. */
  origin?: string;
}

interface Envelope {
  origin: string;
  event: ServerEvent;
  /** The document was left out to fit the payload limit. */
  slim?: boolean;
}

export function encodeEnvelope(origin: string, event: ServerEvent): string {
  const full = JSON.stringify({ origin, event } satisfies Envelope);
  if (Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES || event.type === 'queue/state' || event.type === 'session/revoked')
    return full;
  return JSON.stringify({ origin, event: { ...event, doc: {} }, slim: true } satisfies Envelope);
}

export function decodeEnvelope(payload: string | undefined): Envelope | undefined {
  try {
    const value: unknown = JSON.parse(payload ?? '');
    if (typeof value !== 'object' || value === null) return undefined;
    const { origin, event, slim } = value as Record<string, unknown>;
    if (typeof origin !== 'string' || typeof event !== 'object' || event === null) return undefined;
    const type = (event as { type?: unknown }).type;
    if (type !== 'document' && type !== 'cms/item' && type !== 'queue/state' && type !== 'session/revoked')
      return undefined;
    return { origin, event: event as ServerEvent, slim: slim === true };
  } catch {
    return undefined;
  }
}

/**
 * Fans bus events out across processes through LISTEN/NOTIFY: local events are sent with this
 * process's origin, foreign ones are republished on the local bus (so realtime sockets and caches
 * of every process see every change). Events published while the connection is down are lost.
 */
export async function startPgBridge({
  bus,
  createClient,
  loadDoc,
  log,
  origin = randomUUID(),
}: PgBridgeOptions): Promise<{ close(): Promise<void> }> {
  const republished = new WeakSet<ServerEvent>();
  let client: NotifyClient | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  async function receive(envelope: Envelope): Promise<void> {
    let { event } = envelope;
    if (envelope.slim && (event.type === 'document' || event.type === 'cms/item')) {
      const model = event.model;
      const doc = await loadDoc?.(model, event.id).catch(() => undefined);
      if (!doc) return log.warn({ model, id: event.id }, 'large event dropped: its document could not be loaded');
      event = { ...event, doc } as ServerEvent;
    }
    republished.add(event);
    bus.publish(event);
  }

  async function connect(): Promise<void> {
    const next = createClient();
    next.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL) return;
      const envelope = decodeEnvelope(message.payload);
      if (envelope && envelope.origin !== origin)
        void receive(envelope).catch((error: unknown) => log.error({ err: error }, 'event bridge republish failed'));
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'event bridge connection failed');
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    retryMs = RECONNECT_MIN_MS;
  }

  function lost(which: NotifyClient): void {
    if (client !== which && client !== undefined) return;
    client = undefined;
    void which.end().catch(() => undefined);
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'event bridge reconnect failed');
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
        lost(which);
      });
    }, retryMs);
    retryTimer.unref();
  }

  await connect();
  // One query at a time on the connection (node-postgres deprecates queueing several on one client),
  // which also sends the notifications in the order of the events.
  let sending = Promise.resolve();
  const unsubscribe = bus.subscribe((event) => {
    if (republished.has(event) || !client) return;
    const payload = encodeEnvelope(origin, event);
    sending = sending.then(async () => {
      await client
        ?.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload])
        .catch((error: unknown) => log.warn({ err: error }, 'event bridge notify failed'));
    });
  });

  return {
    async close() {
      closed = true;
      unsubscribe();
      // Events announced before closing still reach the other processes.
      await sending;
      if (retryTimer) clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
