import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Starts the server in a child process on the data directory and resolves with its base URL. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  // One process (no tsx wrapper), so SIGKILL really kills the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/durabilityServer.ts'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = output.match(/PORT (\d+)/)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}

async function login(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'durable-admin-password' }) });
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

describe('durability', () => {
  it('keeps every acknowledged write across a SIGKILL, with no half-written document', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bk-durable-'));
    dirs.push(dataDir);
    const first = await startServer(dataDir);
    const headers = await login(first.url);
    const acknowledged = new Map<string, { name: string; phone: string }>();
    const killAfter = 40 + Math.floor(Math.random() * 60);
    let attempted = 0;
    const writers = Array.from({ length: 4 }, async (_, worker) => {
      for (;;) {
        const n = attempted++;
        if (n === killAfter) first.child.kill('SIGKILL');
        const body = { name: `Kunde ${worker}-${n}`, phone: `+41 61 ${String(n).padStart(7, '0')}`, address: { street: 'Rheingasse', streetNumber: String(n), city: 'Basel' } };
        try {
          const response = await fetch(`${first.url}/api/document/updateOne?model=client`, { method: 'POST', headers, body: JSON.stringify(body) });
          if (response.status !== 200) return;
          const saved = (await response.json()) as { _id: string };
          acknowledged.set(saved._id, { name: body.name, phone: body.phone });
        } catch {
          return; // the server is gone
        }
      }
    });
    await Promise.all(writers);
    await new Promise((resolve) => (first.child.exitCode !== null || first.child.signalCode ? resolve(null) : first.child.once('exit', resolve)));
    expect(acknowledged.size).toBeGreaterThan(10);

    const second = await startServer(dataDir);
    try {
      const after = await login(second.url);
      const response = await fetch(`${second.url}/api/document/find`, { method: 'POST', headers: after, body: JSON.stringify({ model: 'client', limit: 500 }) });
      const { results } = (await response.json()) as { results: { _id: string; name: string; phone: string; address?: { city?: string } }[] };
      const stored = new Map(results.map((doc) => [doc._id, doc]));
      for (const [id, expected] of acknowledged) expect(stored.get(id), id).toMatchObject(expected);
      for (const doc of results) {
        expect(doc.name).toMatch(/^Kunde \d+-\d+$/);
        expect(doc.address?.city).toBe('Basel');
      }
    } finally {
      second.child.kill('SIGKILL');
    }
  });
});
