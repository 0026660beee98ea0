import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { connectRealtime } from './socket';

// Node 20 has no global WebSocket; ws's implements the same addEventListener interface.
vi.stubGlobal('WebSocket', WebSocket);

describe('admin realtime socket', () => {
  let server: WebSocketServer | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  it('reconnects and logs in again when the server closes with 1012 (service restart)', async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    const logins: string[] = [];
    server.on('connection', (socket) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { cmd: string; data: string };
        if (message.cmd !== 'login') return;
        logins.push(message.data);
        socket.send(JSON.stringify({ cmd: 'login', data: { user: 'admin', roles: [] } }));
        // The first connection is closed the way a server going down for a deploy closes it.
        if (logins.length === 1) socket.close(1012, 'Server restarting');
      });
    });
    await new Promise((ready) => server!.once('listening', ready));
    const port = (server.address() as AddressInfo).port;
    const onReady = vi.fn();
    const onDisconnected = vi.fn();
    const close = connectRealtime(
      'the-token',
      { onDocument: () => undefined, onReady, onDisconnected },
      `ws://127.0.0.1:${port}`,
    );
    try {
      await vi.waitFor(() => expect(logins).toEqual(['the-token', 'the-token']), { timeout: 5_000 });
      await vi.waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
      expect(onDisconnected).toHaveBeenCalledTimes(1);
    } finally {
      close();
    }
  });
});
