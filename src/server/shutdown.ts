import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { App } from './app';

/** Websocket close code "service restart": the client should reconnect (to this or another process). */
export const CLOSE_SERVICE_RESTART = 1012;
/** While draining, a connection with no request for this long is closed (its client sent nothing new). */
const IDLE_CLOSE_MS = 1_000;
const POLL_MS = 25;

interface ConnectionState {
  /** Requests of this connection not yet answered. */
  busy: number;
  idleSince: number;
  /** Taken over by a websocket: closed through the websocket, not here. */
  upgraded: boolean;
}

/**
 * The HTTP connections of a server, tracked from before `listen` so a drain knows which are busy.
 * Node's own `server.close()` closes idle keep-alive connections at once, which resets a request its
 * client is sending at that very moment; draining instead answers such requests (with
 * `Connection: close`) and closes a connection only once it has been idle for a while.
 */
export function trackConnections(server: Server) {
  const sockets = new Map<Socket, ConnectionState>();
  const open = new Set<ServerResponse>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { busy: 0, idleSince: Date.now(), upgraded: false });
    socket.once('close', () => sockets.delete(socket));
  });
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = sockets.get(request.socket);
    if (state) state.busy += 1;
    open.add(response);
    if (draining) response.setHeader('connection', 'close');
    response.once('close', () => {
      open.delete(response);
      if (!state) return;
      state.busy -= 1;
      state.idleSince = Date.now();
    });
  });
  server.prependListener('upgrade', (request: IncomingMessage) => {
    const state = sockets.get(request.socket);
    if (state) state.upgraded = true;
  });

  return {
    /** From now on every answer closes its connection; new connections are refused. */
    startDrain(): void {
      draining = true;
      for (const response of open) if (!response.headersSent) response.setHeader('connection', 'close');
      // net's close, not http's: stops accepting without dropping idle keep-alive connections at once.
      NetServer.prototype.close.call(server);
    },
    /** Waits until every connection has closed; false when `deadline` came first. */
    async drained(deadline: number): Promise<boolean> {
      for (;;) {
        const now = Date.now();
        for (const [socket, state] of sockets)
          if (!state.upgraded && state.busy === 0 && now - state.idleSince >= IDLE_CLOSE_MS) socket.destroy();
        if (sockets.size === 0) return true;
        if (now >= deadline) return false;
        await delay(POLL_MS);
      }
    },
    destroyAll(): void {
      for (const socket of sockets.keys()) socket.destroy();
    },
    get connections(): number {
      return sockets.size;
    },
  };
}

export type ConnectionTracker = ReturnType<typeof trackConnections>;

/**
 * Graceful stop (SIGTERM): report draining in the health check (503), stop taking connections, answer
 * the requests in flight, tell websockets to reconnect elsewhere (1012), let running jobs finish, then
 * close the app. Everything gets `timeoutMs` together; what is still open then is cut (connections closed,
 * jobs failed for a retry). Resolves with whether nothing was cut.
 */
export async function shutDown(
  app: App,
  { timeoutMs, connections }: { timeoutMs: number; connections?: ConnectionTracker },
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  // First: a load balancer polling the health check on an open connection sees 503 from now on.
  app.services.lifecycle.draining = true;
  connections?.startDrain();
  for (const client of app.websocketServer?.clients ?? []) client.close(CLOSE_SERVICE_RESTART, 'Server restarting');
  const jobs = app.services.queues.stop(timeoutMs).then(
    (finished) => finished,
    (error: unknown) => {
      app.log.error({ err: error }, 'stopping the job queues failed');
      return false;
    },
  );
  let clean = (await connections?.drained(deadline)) ?? true;
  if (!clean) {
    app.log.warn({ open: connections?.connections }, 'shutdown timeout: closing the connections still open');
    connections?.destroyAll();
  }
  clean = (await jobs) && clean;
  await app.close();
  return clean;
}
