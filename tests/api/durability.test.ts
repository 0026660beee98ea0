import { afterAll, describe, expect, it } from 'vitest';
import { serverSite, startServerProcess } from '../helpers/serverProcess';

const sites: { remove(): Promise<void> }[] = [];
afterAll(() => Promise.all(sites.map((site) => site.remove())));

async function login(server: { login(): Promise<string> }): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await server.login()}`, 'content-type': 'application/json' };
}

describe('durability', () => {
  it(
    'keeps every acknowledged write across a SIGKILL, with no half-written document',
    {
      timeout: 180_000,
    },
    async () => {
      const site = await serverSite('bk-durable-');
      sites.push(site);
      const first = await startServerProcess(site.dataDir, site.env);
      const headers = await login(first);
      const acknowledged = new Map<string, { name: string; phone: string }>();
      const killAfter = 40 + Math.floor(Math.random() * 60);
      let attempted = 0;
      const writers = Array.from({ length: 4 }, async (_, worker) => {
        for (;;) {
          const n = attempted++;
          if (n === killAfter) first.child.kill('SIGKILL');
          const body = {
            name: `Kunde ${worker}-${n}`,
            phone: `+41 61 ${String(n).padStart(7, '0')}`,
            address: { street: 'Rheingasse', streetNumber: String(n), city: 'Basel' },
          };
          try {
            const response = await fetch(`${first.url}/api/document/updateOne?model=client`, {
              method: 'POST',
              headers,
              body: JSON.stringify(body),
            });
            if (response.status !== 200) return;
            const saved = (await response.json()) as { _id: string };
            acknowledged.set(saved._id, { name: body.name, phone: body.phone });
          } catch {
            return; // the server is gone
          }
        }
      });
      await Promise.all(writers);
      await first.killed();
      expect(acknowledged.size).toBeGreaterThan(10);

      const second = await startServerProcess(site.dataDir, site.env);
      try {
        const after = await login(second);
        const response = await fetch(`${second.url}/api/document/find`, {
          method: 'POST',
          headers: after,
          body: JSON.stringify({ model: 'client', limit: 500 }),
        });
        const { results } = (await response.json()) as {
          results: { _id: string; name: string; phone: string; address?: { city?: string } }[];
        };
        const stored = new Map(results.map((doc) => [doc._id, doc]));
        for (const [id, expected] of acknowledged) expect(stored.get(id), id).toMatchObject(expected);
        for (const doc of results) {
          expect(doc.name).toMatch(/^Kunde \d+-\d+$/);
          expect(doc.address?.city).toBe('Basel');
        }
      } finally {
        second.child.kill('SIGKILL');
      }
    },
  );
});
