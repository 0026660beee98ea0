import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { createCommandRegistry, type CommandHandler } from './commands';
import { Connection, type ConnectionLimits, type RealtimeDeps } from './connection';

export interface RealtimeOptions extends ConnectionLimits {
  /** Largest frame; a bigger one closes the socket with 1009. */
  maxPayload: number;
  /** Open sockets per client address. */
  maxSocketsPerAddress: number;
  /** Ping interval; a socket that did not answer the previous ping is terminated. */
  heartbeatMs: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  maxPayload: 64 * 1024,
  maxSocketsPerAddress: 50,
  heartbeatMs: 30_000,
  messagesPerSecond: 50,
  burst: 50,
  maxPending: 100,
  recheckMs: 60_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxHeldEvents: 1000,
};

/** What other modules get through `app.realtime`. */
export interface RealtimeApi {
  /** Adds a websocket command, e.g. a queue module's; throws when the name is taken unless `replace` is set. */
  registerCommand(name: string, handler: CommandHandler, options?: { replace?: boolean }): void;
  /** Open sockets (health, tests). */
  connectionCount(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeApi;
  }
}

const CLOSE_TRY_AGAIN_LATER = 1013;
/** "Service restart": the client should reconnect. */
const CLOSE_SERVICE_RESTART = 1012;

function frameText(data: RawData, isBinary: boolean): string | undefined {
  if (isBinary) return undefined;
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** `GET /api/websocket` (spec section 7): login by token, commands, and the bus events each caller may see. */
export async function realtimeRoutes(
  app: FastifyInstance,
  deps: RealtimeDeps,
  overrides: Partial<RealtimeOptions> = {},
): Promise<void> {
  const options: RealtimeOptions = { ...DEFAULT_REALTIME_OPTIONS, ...overrides };
  await app.register(websocket, {
    options: { maxPayload: options.maxPayload },
    // Closing the server tells every client to reconnect (to this process once it is back, or another one).
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(CLOSE_SERVICE_RESTART, 'Server restarting');
      this.websocketServer.close();
      done();
    },
    // ws has already answered protocol errors (e.g. 1009 for an oversized frame) with a close frame: let it finish.
    errorHandler(error, socket) {
      deps.log.debug({ err: error }, 'realtime socket error');
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.terminate();
    },
  });

  const commands = createCommandRegistry();
  const connections = new Set<Connection>();
  const perAddress = new Map<string, number>();

  function attach(socket: WebSocket, address: string): void {
    const open = perAddress.get(address) ?? 0;
    if (open >= options.maxSocketsPerAddress) {
      socket.close(CLOSE_TRY_AGAIN_LATER, 'Too many connections');
      return;
    }
    perAddress.set(address, open + 1);
    const connection = new Connection(socket, deps, commands, options);
    connections.add(connection);
    socket.on('message', (data, isBinary) => connection.receive(frameText(data, isBinary)));
    socket.on('pong', () => connection.pong());
    socket.once('close', () => {
      connection.dispose();
      connections.delete(connection);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  }

  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.heartbeat();
  }, options.heartbeatMs);
  heartbeat.unref();

  app.decorate('realtime', {
    registerCommand: (name, handler, registerOptions) => commands.register(name, handler, registerOptions),
    connectionCount: () => connections.size,
  } satisfies RealtimeApi);

  app.get('/api/websocket', { websocket: true }, (socket, request) => attach(socket, request.ip));

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const connection of connections) connection.dispose();
    connections.clear();
  });
}
