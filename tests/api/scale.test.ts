import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAppProcess, type AppProcess } from '../helpers/appProcess';
import { freshPostgres } from '../helpers/testApp';
import { TestSocket } from '../helpers/wsClient';

const ADMIN_PASSWORD = 'scale-admin-password';

/**
 * Several processes of the real server on one PostgreSQL (PGlite is one process only, so this runs
 * in the DATABASE_URL pass of the API tests): they share one data directory, as processes on one
 * machine do with the local blob store.
 */
describe.skipIf(!process.env.DATABASE_URL)('several app processes on one PostgreSQL', { timeout: 120_000 }, () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let sql: pg.Client;
  let a: AppProcess;
  let b: AppProcess;
  const workers: AppProcess[] = [];
  let token: string;

  const env = () => ({ DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD });
  const post = (app: AppProcess, url: string, body: unknown, auth?: string) =>
    fetch(`${app.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      body: JSON.stringify(body),
    });
  const get = (app: AppProcess, url: string, auth?: string) =>
    fetch(`${app.url}${url}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} });
  const login = async (app: AppProcess, username = 'admin', password = ADMIN_PASSWORD) =>
    post(app, '/api/login', { username, password });
  const socketOn = async (app: AppProcess) => {
    const socket = await TestSocket.open(`ws://127.0.0.1:${app.port}/api/websocket`);
    expect((await socket.request('login', token)).error).toBeUndefined();
    return socket;
  };

  beforeAll(async () => {
    database = await freshPostgres(process.env.DATABASE_URL!, 'bk_scale');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bk-scale-'));
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    // Both serve requests only: the jobs wait for the workers started further down.
    [a, b] = await Promise.all([
      startAppProcess({ ...env(), WORKERS: '0' }),
      startAppProcess({ ...env(), WORKERS: '0' }),
    ]);
  }, 180_000);

  afterAll(async () => {
    for (const app of [a, b, ...workers]) if (app && app.child.exitCode === null) app.child.kill('SIGKILL');
    await sql?.end();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('two processes starting together on an empty database both come up; the schema, the admin and the demo content exist once', async () => {
    for (const app of [a, b]) {
      const health = await get(app, '/api/health');
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, database: 'postgres', checks: { database: true } });
    }
    const admins = await sql.query(`SELECT count(*)::int AS n FROM doc_user WHERE doc->>'login' = 'admin'`);
    expect(admins.rows[0].n).toBe(1);
    // The demo content was seeded by one of them only: no page path twice.
    const pages = await sql.query(`SELECT doc->>'_path' AS path, count(*)::int AS n FROM doc_page GROUP BY 1`);
    expect(pages.rows.length).toBeGreaterThan(0);
    expect(pages.rows.filter((row) => row.n > 1)).toEqual([]);
    const boss = await sql.query(`SELECT count(*)::int AS n FROM pgboss.version`);
    expect(boss.rows[0].n).toBe(1);
  });

  it('a login made on one process is valid on the other', async () => {
    const response = await login(a);
    expect(response.status).toBe(200);
    token = ((await response.json()) as { token: string }).token;
    const self = await get(b, '/api/self', token);
    expect(self.status).toBe(200);
    expect(await self.json()).toMatchObject({ login: 'admin' });
  });

  it('failed logins count across processes', async () => {
    const username = `ghost-${Date.now()}`;
    // The account locks after 5 failures, wherever they happened.
    for (const app of [a, b, a, b, a]) expect((await login(app, username, 'wrong-password')).status).toBe(401);
    expect((await login(b, username, 'wrong-password')).status).toBe(429);
    expect((await login(a, username, 'wrong-password')).status).toBe(429);
  });

  it('a websocket on one process receives the event of a document write through the other', async () => {
    const socket = await socketOn(a);
    try {
      const name = `Scale AG ${Date.now()}`;
      const saved = await post(b, '/api/document/updateOne?model=client', { _id: 'new', name }, token);
      expect(saved.status, await saved.clone().text()).toBe(200);
      const id = ((await saved.json()) as { _id: string })._id;
      const event = await socket.waitFor(
        (message) => message.type === 'document' && (message.data as { id?: string }).id === id,
        'the event of the client saved through the other process',
      );
      expect(event.data).toMatchObject({ model: 'client', action: 'create', doc: { name } });
    } finally {
      await socket.close();
    }
  });

  it('publishing through one process invalidates the cached page on the other', async () => {
    const home = await sql.query(`SELECT _id FROM doc_page_draft WHERE doc->>'_path' = '/'`);
    const draft = async (text: string, id = 'new') => {
      const body = { _id: id, name: 'Skalierung', _parent: home.rows[0]._id, _read: ['guest'] };
      const response = await post(
        b,
        '/api/document/updateOne?model=pageDraft',
        { ...body, elements: [{ tag: 'paragraph', props: { text } }] },
        token,
      );
      expect(response.status, await response.clone().text()).toBe(200);
      const saved = (await response.json()) as { _id: string };
      const published = await get(b, `/api/cms/publishPage?id=${saved._id}`, token);
      expect(published.status, await published.text()).toBe(200);
      return saved._id;
    };
    const page = () => get(a, '/Skalierung').then((response) => response.text());

    const id = await draft('Erste Fassung');
    await vi.waitFor(async () => expect(await page()).toContain('Erste Fassung'));
    // Now served from the cache of process A.
    expect(await page()).toContain('Erste Fassung');
    await draft('Zweite Fassung', id);
    await vi.waitFor(async () => expect(await page()).toContain('Zweite Fassung'), { timeout: 5_000 });
  });

  it('WORKERS=0 runs no jobs; with two worker processes every image preset job runs exactly once', async () => {
    const image = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2a6f4e' } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${a.url}/api/files/upload?name=skalierung.jpg`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      body: image,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const fileId = ((await uploaded.json()) as { _id: string })._id;
    const jobs = async () =>
      (
        await sql.query<{ id: string; state: string; retry_count: number }>(
          `SELECT id::text, state::text, retry_count FROM pgboss.job WHERE name = 'imagePresets'`,
        )
      ).rows;
    // Nobody runs them: both app processes have WORKERS=0.
    await new Promise((wait) => setTimeout(wait, 1500));
    const waiting = await jobs();
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((job) => job.state === 'created')).toBe(true);

    const socket = await socketOn(a);
    try {
      await socket.request('SimpleQueue.joinQueue', { queue: 'imagePresets' });
      workers.push(
        ...(await Promise.all([startAppProcess(env(), { worker: true }), startAppProcess(env(), { worker: true })])),
      );
      await vi.waitFor(async () => expect((await jobs()).every((job) => job.state === 'completed')).toBe(true), {
        timeout: 60_000,
        interval: 250,
      });
      const done = await jobs();
      expect(done.every((job) => job.retry_count === 0)).toBe(true);
      // Every state change reaches process A through NOTIFY: each job started once and completed once.
      await socket.request('ping');
      await vi.waitFor(() => {
        const states = socket
          .events('queue/state')
          .map((message) => message.data as { id: string; state: { state: string; progress: number } });
        for (const job of done) {
          const mine = states.filter((event) => event.id === job.id);
          expect(mine.filter((event) => event.state.state === 'completed')).toHaveLength(1);
          expect(mine.filter((event) => event.state.state === 'active' && event.state.progress === 0)).toHaveLength(1);
        }
      });
      // The preset written by a worker is served by the other app process.
      const preset = await get(b, `/api/files/imagePreset?id=${fileId}&preset=fullWidth`, token);
      expect(preset.status).toBe(200);
    } finally {
      await socket.close();
    }
  });

  it('SIGTERM during a stream of requests: every request is answered or refused, websockets get 1012, exit code 0', async () => {
    const socket = await socketOn(b);
    const outcomes = { answered: 0, refused: 0, failed: [] as string[] };
    let stopped = false;
    const requests = [
      () => get(b, '/'),
      () => get(b, '/api/self', token),
      () => post(b, '/api/document/find', { model: 'client', limit: 20 }, token),
    ];
    const loop = async (n: number) => {
      while (!stopped) {
        try {
          const response = await requests[n % requests.length]();
          await response.arrayBuffer();
          if (response.status >= 500) outcomes.failed.push(`status ${response.status}`);
          else outcomes.answered += 1;
        } catch (error) {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          if (cause?.code === 'ECONNREFUSED') {
            outcomes.refused += 1;
            return;
          }
          outcomes.failed.push(`${cause?.code ?? ''} ${cause?.message ?? String(error)}`);
          return;
        }
      }
    };
    const loops = Array.from({ length: 6 }, (_, n) => loop(n));
    await vi.waitFor(() => expect(outcomes.answered).toBeGreaterThan(30), { timeout: 10_000 });
    const answeredBefore = outcomes.answered;
    b.child.kill('SIGTERM');
    expect(await socket.waitClosed(10_000)).toBe(1012);
    expect(await b.exited).toBe(0);
    stopped = true;
    await Promise.all(loops);
    expect(outcomes.failed).toEqual([]);
    expect(outcomes.refused).toBe(6);
    expect(outcomes.answered).toBeGreaterThanOrEqual(answeredBefore);
    // The other process carries on.
    expect((await get(a, '/api/self', token)).status).toBe(200);
  });

  it('the other processes stop cleanly too, and none warned about a pg client used concurrently', async () => {
    for (const app of [a, ...workers]) app.child.kill('SIGTERM');
    expect(await Promise.all([a, ...workers].map((app) => app.exited))).toEqual([0, 0, 0]);
    for (const app of [a, b, ...workers]) expect(app.output()).not.toContain('already executing a query');
  });
});
