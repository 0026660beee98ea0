import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { serverSite, startServerProcess } from '../helpers/serverProcess';

const sites: { remove(): Promise<void> }[] = [];
afterAll(() => Promise.all(sites.map((site) => site.remove())));

const temps = (dataDir: string) => readdir(path.join(dataDir, 'blobs', '.tmp')).catch(() => [] as string[]);

describe('upload crash', () => {
  it(
    'leaves no registered half file after a SIGKILL mid-upload, and the next start removes the leftover',
    {
      timeout: 120_000,
    },
    async () => {
      const site = await serverSite('bk-upload-crash-');
      sites.push(site);
      const { dataDir } = site;
      const first = await startServerProcess(dataDir, site.env);
      const token = await first.login();
      const request = http.request({
        port: first.port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/files/upload?name=half.bin',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      });
      request.on('error', () => undefined);
      request.write(Buffer.alloc(512 * 1024, 7));
      // The server is streaming into its temporary file: kill it there.
      await vi.waitFor(async () => expect((await temps(dataDir)).length).toBe(1), { timeout: 10_000, interval: 50 });
      first.child.kill('SIGKILL');
      await first.killed();
      request.destroy();
      expect(await temps(dataDir)).toHaveLength(1);

      const second = await startServerProcess(dataDir, site.env);
      try {
        expect(await temps(dataDir)).toEqual([]);
        const after = await second.login();
        const response = await fetch(`http://127.0.0.1:${second.port}/api/document/find`, {
          method: 'POST',
          headers: { authorization: `Bearer ${after}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'file', query: {}, deleted: true }),
        });
        expect(((await response.json()) as { results: unknown[] }).results).toEqual([]);
        expect(await readdir(path.join(dataDir, 'blobs', 'file')).catch(() => [])).toEqual([]);
      } finally {
        second.child.kill('SIGKILL');
      }
    },
  );
});
