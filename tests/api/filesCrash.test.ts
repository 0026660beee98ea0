import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** The real server in its own process (as in durability.test.ts), so SIGKILL really kills it mid-upload. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/durabilityServer.ts'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = output.match(/PORT (\d+)/)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}

async function login(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'durable-admin-password' }) });
  return ((await response.json()) as { token: string }).token;
}

const temps = (dataDir: string) => readdir(path.join(dataDir, 'blobs', '.tmp')).catch(() => [] as string[]);

describe('upload crash', () => {
  it('leaves no registered half file after a SIGKILL mid-upload, and the next start removes the leftover', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bk-upload-crash-'));
    dirs.push(dataDir);
    const first = await startServer(dataDir);
    const token = await login(first.port);
    const request = http.request({ port: first.port, host: '127.0.0.1', method: 'POST', path: '/api/files/upload?name=half.bin', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' } });
    request.on('error', () => undefined);
    request.write(Buffer.alloc(512 * 1024, 7));
    // The server is streaming into its temporary file: kill it there.
    await vi.waitFor(async () => expect((await temps(dataDir)).length).toBe(1), { timeout: 10_000, interval: 50 });
    first.child.kill('SIGKILL');
    await new Promise((resolve) => (first.child.exitCode !== null || first.child.signalCode ? resolve(null) : first.child.once('exit', resolve)));
    request.destroy();
    expect(await temps(dataDir)).toHaveLength(1);

    const second = await startServer(dataDir);
    try {
      expect(await temps(dataDir)).toEqual([]);
      const after = await login(second.port);
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
  });
});
