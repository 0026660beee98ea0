import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freshPostgres } from './testApp';

export const PROCESS_ADMIN_PASSWORD = 'durable-admin-password';

/**
 * Where a server process keeps its state: a new data directory, and a new PostgreSQL database when
 * DATABASE_URL is set (so the test sees only its own documents). Both are removed by `remove`.
 */
export async function serverSite(
  prefix: string,
): Promise<{ dataDir: string; env: Record<string, string>; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const database = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  return {
    dataDir,
    env: database ? { DATABASE_URL: database.url } : {},
    async remove() {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server in its own process on a data directory (one node process, no tsx wrapper, so a
 * SIGKILL really kills the server), for crash tests. Resolves once it listens.
 */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; url: string; login(): Promise<string>; killed(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/durabilityServer.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = Number(output.match(/PORT (\d+)/)?.[1]);
      if (!port) return;
      const url = `http://127.0.0.1:${port}`;
      resolve({
        child,
        port,
        url,
        async login() {
          const response = await fetch(`${url}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: PROCESS_ADMIN_PASSWORD }),
          });
          return ((await response.json()) as { token: string }).token;
        },
        killed: () =>
          new Promise((done) =>
            child.exitCode !== null || child.signalCode ? done() : child.once('exit', () => done()),
          ),
      });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}
