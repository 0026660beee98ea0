import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../helpers/appProcess';

const dirs: string[] = [];

/** A start that should have stopped: ends the server (it would outlive the test) and fails with what it said. */
function refusedToStop(app: AppProcess): Error {
  app.child.kill('SIGKILL');
  return new Error(`started:\n${app.output()}`);
}
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('npm start', { timeout: 120_000 }, () => {
  it('stops with a message naming ADMIN_PASSWORD, not a stack trace, when the password breaks the user rules', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bk-start-'));
    dirs.push(dir);
    // Its own embedded database, whose first start creates the admin (with DATABASE_URL set for the suite, that
    // PostgreSQL may hold an admin already, and the password would never be checked).
    const started = startAppProcess({ DATA_DIR: dir, DATABASE_URL: '', ADMIN_PASSWORD: 'kurz' });
    const error = (await started.then(refusedToStop, (reason: unknown) => reason)) as Error;
    expect(error.message).toContain('exited with 1 before it started');
    expect(error.message).toContain(
      'Configuration: ADMIN_PASSWORD is not accepted (password: must have at least 8 characters)',
    );
    expect(error.message).not.toMatch(/\n\s+at /);
  });

  it('stops with a message naming the allowed values for a LOG_LEVEL pino does not know', async () => {
    const error = (await startAppProcess({ LOG_LEVEL: 'verbose' }).then(
      refusedToStop,
      (reason: unknown) => reason,
    )) as Error;
    expect(error.message).toContain(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"',
    );
    expect(error.message).not.toMatch(/\n\s+at /);
  });

  it("LOG_FORMAT=pretty (a terminal's default) writes one short line an answer, no JSON", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bk-start-'));
    dirs.push(dir);
    const app = await startAppProcess({ DATA_DIR: dir, DATABASE_URL: '', LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' });
    try {
      expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${app.url}/api/no-such-route`)).status).toBe(404);
      await expect.poll(() => app.output(), { timeout: 10_000 }).toMatch(/GET \/api\/no-such-route 404 \d+ ms/);
      expect(app.output()).toMatch(/^\[\d\d:\d\d:\d\d\] .*INFO.*: GET \/api\/health 200 \d+ ms$/m);
      expect(app.output()).not.toContain('{"level"');
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  });
});
