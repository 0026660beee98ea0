import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shutDown, trackConnections } from '../../src/server/shutdown';
import type { HealthAnswer } from '../../src/shared/api/health';
import { createTestApp } from '../helpers/testApp';

// The graceful shutdown of main.ts (SIGTERM) on the real app listening on a port, in this process.
let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  // Closing the app again after shutDown closed it is a no-op; this drops the database.
  await t?.close();
});

/** One request on `agent` (a keep-alive connection, as a load balancer keeps to its backends). */
function get(agent: http.Agent, url: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; socket: unknown }>(
    (resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, socket: request.socket }),
        );
      });
      request.on('error', reject);
    },
  );
}

describe('graceful shutdown', () => {
  it('answers /api/health with 503 and draining: true on open connections from the moment it starts', async () => {
    const connections = trackConnections(t.app.server);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await get(agent, '/api/health');
      expect(before.status).toBe(200);
      expect(JSON.parse(before.body)).toMatchObject({ ok: true, draining: false });

      const stopping = shutDown(t.app, { timeoutMs: 10_000, connections });
      // The same connection (the health check's keep-alive): answered, but with 503 so no new traffic comes.
      const during = await get(agent, '/api/health');
      expect(during.socket).toBe(before.socket);
      expect(during.status).toBe(503);
      expect(during.headers.connection).toBe('close');
      const answer = JSON.parse(during.body) as HealthAnswer;
      expect(answer).toEqual({
        ok: false,
        draining: true,
        database: t.db.kind,
        blobStore: 'local',
        checks: { database: true, blobStore: true },
      });
      // New connections are refused meanwhile.
      await expect(get(new http.Agent(), '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

      expect(await stopping).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
