import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SYSTEM } from '../../src/server/access/caller';
import { seedDemo } from '../../src/server/seed/demo';
import { createTestApp } from '../helpers/testApp';

export type SiteServer = Awaited<ReturnType<typeof startSiteServer>>;

/** The real app with the demo site on a fresh database, listening on a random port of 127.0.0.1. */
export async function startSiteServer() {
  const t = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'bk-site-e2e-')) } });
  await seedDemo(t.app.services, { env: {} });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    ...t,
    port,
    url: (pathname = '/') => `http://127.0.0.1:${port}${pathname}`,
    find: async (model: string) =>
      (await t.app.services.documents.find(SYSTEM, model, { limit: 500, sort: { _createdAt: -1 } })).results,
  };
}
