import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAppProcess, type AppProcess } from '../helpers/appProcess';
import { pattern, sha256 } from '../helpers/bytes';
import { startS3Server } from '../helpers/s3Server';
import { freshPostgres } from '../helpers/testApp';

const ADMIN_PASSWORD = 'scale-s3-admin-password';
const CHUNK = 64 * 1024;

/**
 * An upload sent chunk by chunk: `send(until)` writes the body up to byte `until`, `finish()` the rest and
 * resolves with the answer. Rejects when the server cuts the connection.
 */
function slowUpload(app: AppProcess, token: string, name: string, bytes: Buffer) {
  let sent = 0;
  const request = http.request(`${app.url}/api/files/upload?name=${name}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined); // observed by the test through `answer`
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => request.write(chunk, (error) => (error ? reject(error) : resolve())));
  return {
    answer,
    async send(until: number) {
      for (; sent < until; sent += CHUNK) await write(bytes.subarray(sent, Math.min(until, sent + CHUNK)));
      sent = until;
    },
    async finish() {
      await this.send(bytes.length);
      request.end();
      return answer;
    },
  };
}

/**
 * Several app processes on one PostgreSQL sharing one bucket (BLOB_STORE=s3, s3rver), each with its own
 * DATA_DIR as on separate machines: bytes go from one to the other through the bucket only. PostgreSQL
 * only, like scale.test.ts.
 */
describe.skipIf(!process.env.DATABASE_URL)('app processes sharing an S3 bucket', { timeout: 180_000 }, () => {
  let database: { url: string; drop(): Promise<void> };
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let s3Client: S3Client;
  let sql: pg.Client;
  const dataDirs: string[] = [];
  const processes: AppProcess[] = [];
  let a: AppProcess;
  let b: AppProcess;
  let token: string;

  async function start(env: Record<string, string> = {}, options: { worker?: boolean } = {}) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bk-scale-s3-'));
    dataDirs.push(dataDir);
    const app = await startAppProcess(
      { ...s3.env, DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD, WORKERS: '0', ...env } as Record<
        string,
        string
      >,
      options,
    );
    processes.push(app);
    return { app, staged: () => readdir(path.join(dataDir, 'staging', '.tmp')).catch(() => []) };
  }

  const keys = async (prefix: string) =>
    ((await s3Client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: prefix }))).Contents ?? [])
      .map((item) => item.Key ?? '')
      .sort();
  const fileCount = async () => (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM doc_file`)).rows[0].n;
  const download = (app: AppProcess, id: string, range?: string) =>
    fetch(`${app.url}/api/files/download?id=${id}`, {
      headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) },
    });
  const presetJobs = async (fileId: string) =>
    (
      await sql.query<{ id: string; state: string; retry_count: number; output: { message?: string } | null }>(
        `SELECT id::text, state::text, retry_count, output FROM pgboss.job WHERE name = 'imagePresets' AND data->>'fileId' = $1`,
        [fileId],
      )
    ).rows;

  beforeAll(async () => {
    database = await freshPostgres(process.env.DATABASE_URL!, 'bk_scale_s3');
    s3 = await startS3Server();
    s3Client = new S3Client({
      endpoint: s3.config.endpoint,
      region: s3.config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    // One after the other: the second starts on a prepared database (scale.test.ts covers starting together).
    a = (await start()).app;
    b = (await start()).app;
    const login = await fetch(`${a.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { token: string }).token;
  }, 180_000);

  afterAll(async () => {
    for (const app of processes) if (app.child.exitCode === null) app.child.kill('SIGKILL');
    s3Client?.destroy();
    await sql?.end();
    await database?.drop();
    await s3?.close();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('a file uploaded through one process downloads through the other, whole and in ranges', async () => {
    const bytes = pattern(12 * 1024 * 1024 + 124, 11);
    const uploaded = await fetch(`${a.url}/api/files/upload?name=bericht.bin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const id = ((await uploaded.json()) as { _id: string })._id;

    const whole = await download(b, id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(bytes));

    const start = 5 * 1024 * 1024 - 100;
    const part = await download(b, id, `bytes=${start}-${start + 999}`);
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${start + 999}/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, start + 1000))).toBe(true);
    const tail = await download(b, id, 'bytes=-500');
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-500))).toBe(true);
  });

  it('SIGTERM during an upload: the upload completes, the other process serves it, exit code 0', async () => {
    const { app: c, staged } = await start();
    const bytes = pattern(16 * 1024 * 1024, 23);
    const files = await fileCount();
    const upload = slowUpload(c, token, 'mitten-im-deploy.bin', bytes);
    await upload.send(bytes.length / 2);
    // The process is reading the body: half of it is staged on its disk.
    await vi.waitFor(async () => expect((await staged()).length).toBe(1));
    c.child.kill('SIGTERM');
    await delay(300);
    const answer = await upload.finish();
    expect(answer.status, answer.body).toBe(200);
    expect(await c.exited, c.output()).toBe(0);
    const id = (JSON.parse(answer.body) as { _id: string })._id;

    expect(await fileCount()).toBe(files + 1);
    const served = await download(a, id);
    expect(served.status).toBe(200);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(bytes));
    expect(await staged()).toEqual([]);
    expect(await keys('tmp/')).toEqual([]);
  });

  it('SIGTERM during an upload that outlasts SHUTDOWN_TIMEOUT_MS: nothing of it stays (no document, object or staged file)', async () => {
    const { app: c, staged } = await start({ SHUTDOWN_TIMEOUT_MS: '1500' });
    const bytes = pattern(16 * 1024 * 1024, 29);
    const files = await fileCount();
    const objects = await keys('');
    const upload = slowUpload(c, token, 'zu-langsam.bin', bytes);
    await upload.send(bytes.length / 2);
    await vi.waitFor(async () => expect((await staged()).length).toBe(1));
    c.child.kill('SIGTERM');
    // The client stalls past the limit: the process cuts the connection and says so with exit code 1.
    await expect(upload.answer).rejects.toThrow();
    expect(await c.exited, c.output()).toBe(1);

    expect(await fileCount()).toBe(files);
    expect(await keys('')).toEqual(objects);
    expect(await staged()).toEqual([]);
  });

  describe('a worker process (npm run worker) stopped while image preset jobs run', () => {
    let imageId: string;

    beforeAll(async () => {
      // Large enough that rendering a preset takes a while; the app processes run no jobs (WORKERS=0).
      const image = await sharp({
        create: {
          width: 6000,
          height: 4000,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg({ quality: 80 })
        .toBuffer();
      const uploaded = await fetch(`${a.url}/api/files/upload?name=panorama.jpg`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
        body: new Uint8Array(image),
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      imageId = ((await uploaded.json()) as { _id: string })._id;
    });

    /** Waits for a job of the image to run, then sends SIGTERM; resolves with the ids of the jobs running then. */
    async function stopWhileRunning(worker: AppProcess): Promise<string[]> {
      let running: string[] = [];
      await vi.waitFor(
        async () => {
          running = (await presetJobs(imageId)).filter((job) => job.state === 'active').map((job) => job.id);
          expect(running.length).toBeGreaterThan(0);
        },
        { timeout: 30_000, interval: 20 },
      );
      worker.child.kill('SIGTERM');
      return running;
    }

    it('with time left, the running jobs complete before the worker exits with code 0', async () => {
      const { app: worker } = await start({}, { worker: true });
      const running = await stopWhileRunning(worker);
      expect(await worker.exited, worker.output()).toBe(0);
      const jobs = await presetJobs(imageId);
      for (const id of running) expect(jobs.find((job) => job.id === id)).toMatchObject({ state: 'completed' });
      // None was left half-done: every job is either completed or still waiting for the next worker.
      expect(jobs.filter((job) => !['completed', 'created'].includes(job.state))).toEqual([]);
      expect(jobs.every((job) => job.retry_count === 0)).toBe(true);
      expect(worker.output()).not.toContain('job still running');
    });

    it('past SHUTDOWN_TIMEOUT_MS, the running jobs are failed for a retry (exit code 1) and the next worker does them', async () => {
      const { app: worker } = await start({ SHUTDOWN_TIMEOUT_MS: '50' }, { worker: true });
      const running = await stopWhileRunning(worker);
      expect(await worker.exited, worker.output()).toBe(1);
      const jobs = await presetJobs(imageId);
      for (const id of running) {
        const job = jobs.find((candidate) => candidate.id === id);
        expect(job?.state).toBe('retry');
        expect(job?.output?.message).toBe('The server stopped while the job ran');
      }
      expect(jobs.filter((job) => job.state === 'active')).toEqual([]);

      const { app: next } = await start({}, { worker: true });
      await vi.waitFor(
        async () => expect((await presetJobs(imageId)).every((job) => job.state === 'completed')).toBe(true),
        {
          timeout: 90_000,
          interval: 250,
        },
      );
      const preset = await fetch(`${b.url}/api/files/imagePreset?id=${imageId}&preset=fullWidth`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(preset.status).toBe(200);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    });
  });

  it('the app processes stop cleanly', async () => {
    for (const app of [a, b]) app.child.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  });
});
