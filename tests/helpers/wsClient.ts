import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Starts `app` on a free local port and answers its websocket URL. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/websocket`;
}

/** A message from the server: a command reply (`cmd`) or a pushed event (`type`). */
export interface WsMessage {
  cmd?: string;
  id?: string | number;
  data?: unknown;
  error?: string;
  type?: string;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * A websocket test client that records everything it receives, so a test can wait for one message
 * (failing with a clear message on timeout) or prove a message did not come before a later reply.
 */
export class TestSocket {
  readonly received: WsMessage[] = [];
  private waiters = new Set<() => void>();
  private nextId = 1;
  closeCode: number | undefined;
  private readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.received.push(JSON.parse(raw.toString()) as WsMessage);
      for (const wake of [...this.waiters]) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
        for (const wake of [...this.waiters]) wake();
      }),
    );
  }

  static open(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<TestSocket> {
    const ws = new WebSocket(url);
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`websocket ${url} did not open within ${timeoutMs} ms`)),
        timeoutMs,
      );
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(socket);
      });
      ws.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }

  /** Sends a command with a fresh id and resolves with its reply (data or error). */
  async request(cmd: string, data?: unknown): Promise<WsMessage> {
    const id = this.nextId++;
    this.sendRaw(JSON.stringify({ cmd, data, id }));
    return this.waitFor((message) => message.cmd === cmd && message.id === id, `reply to ${cmd} #${id}`);
  }

  /** Waits until a message matching `match` arrives (or has arrived); fails clearly on timeout or close. */
  waitFor(match: (message: WsMessage) => boolean, what: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<WsMessage> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = this.received.find(match);
        if (found) {
          done();
          resolve(found);
          return true;
        }
        if (this.closeCode !== undefined) {
          done();
          reject(
            new Error(
              `socket closed (${this.closeCode}) while waiting for ${what}; received ${JSON.stringify(this.received)}`,
            ),
          );
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${what} within ${timeoutMs} ms; received ${JSON.stringify(this.received)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Pushed events of a type received so far. */
  events(type: string): WsMessage[] {
    return this.received.filter((message) => message.type === type);
  }

  /** Resolves with the close code; fails clearly when the socket stays open. */
  waitClosed(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<number> {
    return Promise.race([
      this.closed,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error(`socket not closed within ${timeoutMs} ms`)), timeoutMs).unref(),
      ),
    ]);
  }

  close(): Promise<number> {
    if (this.closeCode === undefined) this.ws.close();
    return this.closed;
  }
}
