import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_PRESET_NAMES } from '../../src/shared/media/presets';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';
import { listenForSockets, TestSocket, type WsMessage } from '../helpers/wsClient';

let t: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let admin: string;
let staff: string;
let url: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bk-queues-'));
  t = await createTestApp({ config: { dataDir } });
  admin = await t.login();
  staff = (await userWithRole(t, admin, 'stella', 'staff')).token;
  url = await listenForSockets(t.app);
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Job = {
  id: string;
  state: string;
  progress: number;
  data: { fileId: string; presetName: string };
  error?: string;
  createdOn: string;
};

describe('job queues', () => {
  it(
    'generates every preset of an uploaded image through the queue, pushing queue/state events',
    {
      timeout: 60_000,
    },
    async () => {
      const socket = await TestSocket.open(url);
      try {
        await socket.request('login', admin);
        expect(await socket.request('SimpleQueue.joinQueue', { queue: 'imagePresets' })).toMatchObject({
          data: { queue: 'imagePresets' },
        });
        const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366aa' } })
          .jpeg()
          .toBuffer();
        const uploaded = await t.app.inject({
          method: 'POST',
          url: '/api/files/upload?name=blau.jpg',
          headers: { ...t.auth(staff), 'content-type': 'image/jpeg' },
          payload: image,
        });
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        const fileId = uploaded.json()._id as string;

        const jobsOf = async () => {
          const response = await t.app.inject({
            method: 'GET',
            url: '/api/queues/imagePresets/jobs',
            headers: t.auth(admin),
          });
          expect(response.statusCode, response.body).toBe(200);
          return (response.json().jobs as Job[]).filter((job) => job.data.fileId === fileId);
        };
        await vi.waitFor(
          async () => {
            const jobs = await jobsOf();
            expect(jobs.map((job) => job.data.presetName).sort()).toEqual([...IMAGE_PRESET_NAMES].sort());
            expect(jobs.every((job) => job.state === 'completed' && job.progress === 100)).toBe(true);
          },
          { timeout: 30_000, interval: 200 },
        );

        const jobs = await jobsOf();
        const events = (id: string) =>
          socket.received
            .filter((m: WsMessage) => m.type === 'queue/state' && (m.data as { id: string }).id === id)
            .map((m) => (m.data as { state: { state: string } }).state.state);
        // Events travel over the socket: wait until each job's last one has arrived.
        await vi.waitFor(() => {
          for (const job of jobs)
            expect(events(job.id)).toEqual(expect.arrayContaining(['created', 'active', 'completed']));
        });
        expect(socket.received.find((m) => m.type === 'queue/state')).toMatchObject({
          data: {
            queue: 'imagePresets',
            state: { createdOn: expect.any(String), progress: expect.any(Number), data: { fileId } },
          },
        });

        // The job stored the preset: it is served without rendering, and the thumbnail became the file's preview.
        const file = await t.app.inject({
          method: 'GET',
          url: `/api/document/findById?model=file&id=${fileId}`,
          headers: t.auth(admin),
        });
        expect(file.json().previews).toEqual({ thumbnail: `preset/${fileId}/thumbnail.webp` });
        const full = await t.app.inject({ method: 'GET', url: `/api/files/imagePreset?id=${fileId}&preset=fullWidth` });
        expect(full.statusCode).toBe(200);
        const meta = await sharp(full.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([1920, 1080]);
      } finally {
        await socket.close();
      }
    },
  );

  it('keeps queue states from sockets without manage:backend and the queue list from others', async () => {
    const socket = await TestSocket.open(url);
    try {
      await socket.request('login', staff);
      expect(await socket.request('SimpleQueue.joinQueue', { queue: 'imagePresets' })).toMatchObject({
        error: expect.stringMatching(/manage:backend/),
      });
    } finally {
      await socket.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/queues', headers: t.auth(staff) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/queues/imagePresets/jobs' })).statusCode).toBe(401);
    const names = await t.app.inject({ method: 'GET', url: '/api/queues', headers: t.auth(admin) });
    expect(names.json()).toEqual({ queues: expect.arrayContaining(['imagePresets']) });
  });

  it('retries a failing job a bounded number of times and keeps its error', { timeout: 60_000 }, async () => {
    // An image document whose bytes are gone: every attempt fails.
    const image = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const uploaded = (
      await t.app.inject({
        method: 'POST',
        url: '/api/files/upload?name=weg.png',
        headers: { ...t.auth(admin), 'content-type': 'image/png' },
        payload: image,
      })
    ).json();
    await vi.waitFor(async () => expect(await t.app.services.queues.pending('imagePresets')).toBe(0), {
      timeout: 30_000,
      interval: 200,
    });
    await rm(path.join(dataDir, 'blobs', 'file', uploaded._id), { force: true });
    await rm(path.join(dataDir, 'blobs', 'preset', uploaded._id), { recursive: true, force: true });
    const id = await t.app.services.queues.send('imagePresets', { fileId: uploaded._id, presetName: 'quote' });
    await vi.waitFor(
      async () => {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/queues/imagePresets/jobs',
          headers: t.auth(admin),
        });
        const job = (response.json().jobs as (Job & { retryCount: number })[]).find((j) => j.id === id);
        expect(job).toMatchObject({ state: 'failed', retryCount: 3, error: expect.stringMatching(/no stored bytes/) });
      },
      { timeout: 50_000, interval: 500 },
    );
  });
});

describe('retrying and cancelling a job', () => {
  /** A queue whose jobs fail while `failing` is set and wait for their gate while `gated` is set. */
  let failing = true;
  const gates: (() => void)[] = [];
  const ran: number[] = [];
  beforeAll(() => {
    t.app.services.queues.define<{ n: number }>('flaky', {
      retryLimit: 0,
      concurrency: 1,
      async handler({ n }) {
        ran.push(n);
        if (n === 1 && failing) throw new Error('Mailbox temporarily unavailable');
        if (n === 2) await new Promise<void>((resolve) => gates.push(resolve));
      },
    });
  });
  const act = (id: string, action: string, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/queues/flaky/jobs/${id}/${action}`, headers: t.auth(token) });
  const stateOf = async (id: string) => (await t.app.services.queues.job('flaky', id))?.state;

  it('runs a failed job once more on retry, and answers 409 naming the state where an action does not fit', async () => {
    let id = '';
    await vi.waitFor(async () => (id = await t.app.services.queues.send('flaky', { n: 1 })), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await stateOf(id)).toBe('failed'), { timeout: 10_000, interval: 100 });
    const socket = await TestSocket.open(url);
    try {
      await socket.request('login', admin);
      await socket.request('SimpleQueue.joinQueue', { queue: 'flaky' });
      failing = false;
      const retried = await act(id, 'retry');
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().job).toMatchObject({ id, state: 'retry', error: 'Mailbox temporarily unavailable' });
      // The screens of the queue learn it at once.
      await socket.waitFor((message: WsMessage) => {
        const event = message.data as { id?: string; state?: { state: string } } | undefined;
        return message.type === 'queue/state' && event?.id === id && event.state?.state === 'retry';
      }, 'the retried job as retry');
    } finally {
      await socket.close();
    }
    await vi.waitFor(async () => expect(await stateOf(id)).toBe('completed'), { timeout: 10_000, interval: 100 });
    expect(ran.filter((n) => n === 1)).toHaveLength(2);

    const again = await act(id, 'retry');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: `Job ${id.slice(0, 8)} is completed: only a failed or cancelled job can be retried`,
    });
    expect((await act(id, 'cancel')).json().error).toBe(
      `Job ${id.slice(0, 8)} is completed: only a created or retry job can be cancelled`,
    );
  });

  it('cancels a job that waits, runs it when retried, and refuses strangers, unknown jobs and actions', async () => {
    const blocking = await t.app.services.queues.send('flaky', { n: 2 });
    await vi.waitFor(() => expect(gates).toHaveLength(1), { timeout: 10_000 });
    const waiting = await t.app.services.queues.send('flaky', { n: 3 });
    expect(await stateOf(waiting)).toBe('created');
    expect((await act(waiting, 'cancel', staff)).statusCode).toBe(403);
    const cancelled = await act(waiting, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().job).toMatchObject({ id: waiting, state: 'cancelled' });
    // A running job is not cancelled under its feet.
    expect((await act(blocking, 'cancel')).statusCode).toBe(409);
    gates[0]();
    await vi.waitFor(async () => expect(await stateOf(blocking)).toBe('completed'), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(ran).not.toContain(3);
    expect((await act(waiting, 'retry')).json().job).toMatchObject({ state: 'created' });
    await vi.waitFor(async () => expect(await stateOf(waiting)).toBe('completed'), { timeout: 10_000 });
    expect(ran).toContain(3);

    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await act(missing, 'retry')).json()).toEqual({ error: `No job ${missing} in flaky` });
    expect((await act(missing, 'retry')).statusCode).toBe(404);
    expect((await act(waiting, 'delete')).statusCode).toBe(400);
    expect((await act('not-a-job', 'retry')).statusCode).toBe(400);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/queues/nowhere/jobs/${waiting}/retry`,
      headers: t.auth(admin),
    });
    expect(elsewhere.json()).toEqual({ error: 'Unknown queue nowhere' });
  });
});

describe('stopping the job queues', () => {
  let s: Awaited<ReturnType<typeof createTestApp>>;
  let release: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const ran: number[] = [];
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    s = await createTestApp();
    s.app.services.queues.define<{ n: number; wait: 'short' | 'gate' }>('stopping', {
      retryLimit: 2,
      concurrency: 2,
      async handler(data) {
        ran.push(data.n);
        await (data.wait === 'gate' ? gate : new Promise((resolve) => setTimeout(resolve, 400)));
      },
    });
  });
  afterAll(() => {
    process.off('unhandledRejection', onRejection);
  });

  // The queue is created in the background after `define`: sending waits for it.
  const send = async (data: { n: number; wait: 'short' | 'gate' }) => {
    let id = '';
    await vi.waitFor(async () => (id = await s.app.services.queues.send('stopping', data)), { timeout: 10_000 });
    return id;
  };
  const stateOf = async (id: string) => (await s.app.services.queues.jobs('stopping')).find((job) => job.id === id);

  it('lets a running job finish, fails one that outlasts the time limit for a retry, and then records nothing', async () => {
    const quick = await send({ n: 1, wait: 'short' });
    const stuck = await send({ n: 2, wait: 'gate' });
    await vi.waitFor(() => expect(ran).toEqual(expect.arrayContaining([1, 2])), { timeout: 10_000 });

    await s.app.services.queues.stop(1_500);
    expect(await stateOf(quick)).toMatchObject({ state: 'completed' });
    expect(await stateOf(stuck)).toMatchObject({ state: 'retry', error: 'The server stopped while the job ran' });

    // The database closes while the stuck handler still runs; when it ends, nothing is recorded and nothing throws.
    await s.close();
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rejections).toEqual([]);
  });
});

describe('stopping the job queues past the time limit', () => {
  let s: Awaited<ReturnType<typeof createTestApp>>;
  const gates = new Map<number, () => void>();
  const ran: number[] = [];

  beforeAll(async () => {
    s = await createTestApp();
    // One at a time, fetched two at a time: the second of a batch waits in this process until the first ends.
    s.app.services.queues.define<{ n: number }>('batched', {
      retryLimit: 2,
      concurrency: 1,
      async handler(data) {
        ran.push(data.n);
        await new Promise<void>((resolve) => gates.set(data.n, resolve));
      },
    });
  });
  afterAll(async () => {
    for (const open of gates.values()) open();
    await s?.close();
  });

  const send = async (n: number) => {
    let id = '';
    await vi.waitFor(async () => (id = await s.app.services.queues.send('batched', { n })), { timeout: 10_000 });
    return id;
  };
  const stateOf = async (id: string) => (await s.app.services.queues.jobs('batched')).find((job) => job.id === id);

  it('fails the jobs it fetched but had not started too, and says it had to cut', async () => {
    await send(1);
    await vi.waitFor(() => expect(ran).toEqual([1]), { timeout: 10_000 });
    // Sent while job 1 runs: fetched together, as one batch, once it ends.
    const ids = new Map([
      [2, await send(2)],
      [3, await send(3)],
    ]);
    gates.get(1)!();
    await vi.waitFor(() => expect(ran).toHaveLength(2), { timeout: 10_000 });
    // pg-boss picks either first; the other waits in this process.
    const started = ran[1];
    const waiting = started === 2 ? 3 : 2;
    expect(await stateOf(ids.get(waiting)!)).toMatchObject({ state: 'active' });

    expect(await s.app.services.queues.stop(300)).toBe(false);
    for (const id of ids.values())
      expect(await stateOf(id)).toMatchObject({ state: 'retry', error: 'The server stopped while the job ran' });
    // The waiting job does not start here after the stop.
    gates.get(started)!();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ran).toEqual([1, started]);
  });
});
