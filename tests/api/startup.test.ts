import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppProcess } from '../helpers/appProcess';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('npm start', { timeout: 120_000 }, () => {
  it('stops with a message naming ADMIN_PASSWORD, not a stack trace, when the password breaks the user rules', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bk-start-'));
    dirs.push(dir);
    const started = startAppProcess({ DATA_DIR: dir, ADMIN_PASSWORD: 'kurz' });
    const error = (await started.then(
      () => new Error('started'),
      (reason: unknown) => reason,
    )) as Error;
    expect(error.message).toContain('exited with 1 before it started');
    expect(error.message).toContain(
      'Configuration: ADMIN_PASSWORD is not accepted (password: must have at least 8 characters)',
    );
    expect(error.message).not.toMatch(/\n\s+at /);
  });
});
