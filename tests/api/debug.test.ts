import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/server/db/sql';
import { evaluate, runningEvaluations } from '../../src/server/modules/debug/evaluate';
import { createTestApp } from '../helpers/testApp';
import { listenForSockets, TestSocket } from '../helpers/wsClient';
import type { DebugEvalReply } from '../../src/shared/api/realtime';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function listening(enabled: boolean) {
  const t = await createTestApp({ config: { debugEval: enabled, debugEvalTimeoutMs: 300 } });
  const url = await listenForSockets(t.app);
  return { t, url };
}

async function socketAs(url: string, token: string) {
  const socket = await TestSocket.open(url);
  expect((await socket.request('login', token)).data).toBeTruthy();
  return socket;
}

async function userToken(t: TestApp, admin: string, login: string, roles: string[]) {
  const password = `${login}-password-1`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/document/updateOne?model=user',
    headers: t.auth(admin),
    payload: { login, email: `${login}@example.ch`, roles, password },
  });
  expect(created.statusCode, created.body).toBe(200);
  return t.login(login, password);
}

describe('debug.eval enabled (DEBUG_EVAL=1)', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let socket: TestSocket;
  beforeAll(async () => {
    ({ t, url } = await listening(true));
    admin = await t.login();
    socket = await socketAs(url, admin);
  });
  afterAll(async () => {
    socket?.close();
    await t.close();
  });

  it('runs code for a superuser and answers what it printed and returned, and how long it ran', async () => {
    const reply = await socket.request('debug.eval', { js: 'console.log("hallo", { a: 1 }); return 6 * 7' });
    expect(reply.error).toBeUndefined();
    const data = reply.data as { buffer: string; duration: number };
    expect(data.buffer).toBe('hallo { a: 1 }\n← 42');
    expect(typeof data.duration).toBe('number');
    expect(data.duration).toBeGreaterThanOrEqual(0);

    // The server's services are there; await works; a bare expression is returned.
    const users = await socket.request('debug.eval', {
      js: '(await services.documents.find(SYSTEM, "user", { query: { login: "admin" } })).results[0].roles',
    });
    expect((users.data as { buffer: string }).buffer).toBe("← [ 'superuser' ]");
  });

  it('answers errors and stops runs that exceed the time limit', async () => {
    const thrown = await socket.request('debug.eval', { js: 'throw new TypeError("kaputt")' });
    expect(thrown.data).toMatchObject({ buffer: '✖ TypeError: kaputt', error: 'TypeError: kaputt' });
    const loop = await socket.request('debug.eval', { js: 'while (true) {}' });
    expect(loop.data).toMatchObject({ error: 'Stopped after 300 ms' });
    const hanging = await socket.request('debug.eval', { js: 'await new Promise(() => {}); return 1' });
    expect(hanging.data).toMatchObject({ error: 'Stopped after 300 ms' });
    // The socket still works afterwards.
    expect((await socket.request('debug.eval', { js: '1 + 1' })).data).toMatchObject({ buffer: '← 2' });
    const bad = await socket.request('debug.eval', { js: '' });
    expect(bad.error).toBe('data.js must be code of 1 to 20000 characters');
  });

  it('refuses users without the superuser role, also admins, and anonymous sockets', async () => {
    const plainToken = await userToken(t, admin, 'paula', []);
    const adminRoleToken = await userToken(t, admin, 'adrian', ['admin']);
    for (const token of [plainToken, adminRoleToken]) {
      const other = await socketAs(url, token);
      expect((await other.request('debug.eval', { js: '1' })).error).toBe('debug.eval needs the superuser role');
      other.close();
    }
    const anonymous = await TestSocket.open(url);
    expect((await anonymous.request('debug.eval', { js: '1' })).error).toBe('debug.eval needs the superuser role');
    anonymous.close();
    const status = async (token?: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/debug/status', headers: token ? t.auth(token) : {} })).json();
    expect(await status(admin)).toEqual({ enabled: true });
    expect(await status(adminRoleToken)).toEqual({ enabled: false });
    expect(await status()).toEqual({ enabled: false });
  });

  it('writes every call to the audit log, refused ones too: who, when, code, outcome', async () => {
    const { rows } = await t.db.query<{ login: string; code: string; outcome: string; at: Date }>(
      sql`SELECT login, code, outcome, at FROM debug_eval_audit ORDER BY id`,
    );
    expect(rows.map((row) => [row.login, row.code, row.outcome])).toEqual([
      ['admin', 'console.log("hallo", { a: 1 }); return 6 * 7', 'ok'],
      [
        'admin',
        '(await services.documents.find(SYSTEM, "user", { query: { login: "admin" } })).results[0].roles',
        'ok',
      ],
      ['admin', 'throw new TypeError("kaputt")', 'error: TypeError: kaputt'],
      ['admin', 'while (true) {}', 'error: Stopped after 300 ms'],
      ['admin', 'await new Promise(() => {}); return 1', 'error: Stopped after 300 ms'],
      ['admin', '1 + 1', 'ok'],
      ['paula', '1', 'refused'],
      ['adrian', '1', 'refused'],
      [null, '1', 'refused'],
    ]);
    expect(rows.every((row) => new Date(row.at).getTime() > 0)).toBe(true);
  });

  // Each run has a process of its own, terminated at the time limit (300 ms here) and after its answer.
  const run = async (js: string) => (await socket.request('debug.eval', { js })).data as DebugEvalReply;

  it('stops code that awaits forever, and the next run still works', async () => {
    expect(await run('console.log("wartet"); await new Promise((r) => setTimeout(r, 1e9)); return 1')).toMatchObject({
      buffer: 'wartet\n✖ Stopped after 300 ms',
      error: 'Stopped after 300 ms',
    });
    expect(runningEvaluations()).toBe(0);
    // An endless chain of awaits starves no one but its own process.
    expect(await run('let n = 0; while (true) { n++; await null }')).toMatchObject({ error: 'Stopped after 300 ms' });
    expect(runningEvaluations()).toBe(0);
    expect(await run('1 + 1')).toEqual({ buffer: '← 2', duration: expect.any(Number) });
  });

  it('stops a synchronous endless loop and keeps what it printed before', async () => {
    expect(await run('console.log("vorher"); while (true) {}')).toMatchObject({
      buffer: 'vorher\n✖ Stopped after 300 ms',
      error: 'Stopped after 300 ms',
    });
    expect(runningEvaluations()).toBe(0);
    expect(await run('"danach"')).toMatchObject({ buffer: '← danach' });
  });

  it('answers console output and the awaited value of a promise', async () => {
    const reply = await run(
      'console.log("eins", [1, 2]); console.warn("zwei"); console.error(new Error("drei").message);' +
        'return await new Promise((r) => setTimeout(() => r({ summe: 3 }), 5))',
    );
    expect(reply).toEqual({
      buffer: 'eins [ 1, 2 ]\nwarn: zwei\nerror: drei\n← { summe: 3 }',
      duration: expect.any(Number),
    });
    // A bare expression that is a promise answers its value; undefined adds no line.
    expect(await run('Promise.resolve(5)')).toMatchObject({ buffer: '← 5' });
    expect(await run('console.log("nur")')).toEqual({ buffer: 'nur', duration: expect.any(Number) });
    expect((await run('syntax error here')).error).toMatch(/^SyntaxError: /);
  });

  it('reaches the server objects from its process and stops using them at the time limit', async () => {
    expect(await run('await services.config.debugEvalTimeoutMs')).toMatchObject({ buffer: '← 300' });
    expect((await run('await services.documents.find')).error).toMatch(
      /^TypeError: The result of services.documents.find cannot be sent/,
    );
    expect((await run('await services.config.nothing()')).error).toBe(
      'TypeError: services.config.nothing is not a function',
    );
    expect((await run('await services.nothing.here()')).error).toBe(
      'TypeError: Cannot read here of services.nothing (undefined)',
    );

    // A run that keeps writing through the server's database stops writing once it is answered.
    await t.db.exec('CREATE TABLE debug_probe (id serial PRIMARY KEY)');
    const writing = await run('while (true) await services.db.exec("INSERT INTO debug_probe DEFAULT VALUES")');
    expect(writing.error).toBe('Stopped after 300 ms');
    const count = async () =>
      (await t.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM debug_probe`)).rows[0]!.n;
    const after = await count();
    expect(after).toBeGreaterThan(0);
    expect(await run('await new Promise((r) => setTimeout(() => r("später"), 50))')).toMatchObject({
      buffer: '← später',
    });
    expect(await count()).toBe(after);
  });

  it('keeps the server alive when the code exits its process or throws from a timer', async () => {
    expect((await run('process.exit(3)')).error).toBe('The evaluation ended with exit code 3');
    expect((await run('setTimeout(() => { throw new RangeError("später") }); await new Promise(() => {})')).error).toBe(
      'RangeError: später',
    );
    expect(runningEvaluations()).toBe(0);
    expect(await run('6 * 7')).toMatchObject({ buffer: '← 42' });
  });
});

describe('an evaluation that allocates without end', () => {
  it('stops at the heap limit of its process, and the server goes on', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const answer = await evaluate(
      'const kept = []; while (true) kept.push({ at: kept.length, text: String(kept.length) });',
      {},
      60_000,
    );
    expect(answer.error).toMatch(/out of memory/i);
    expect(runningEvaluations()).toBe(0);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
    expect(await evaluate('6 * 7', {}, 60_000)).toMatchObject({ buffer: '← 42' });
  });

  it('ends only its own process with one allocation far past the limit (V8 gives up on the whole process then)', async () => {
    const answer = await evaluate('console.log("before"); new Array(1e8).fill(0).length', {}, 60_000);
    expect(answer.error).toBe('The evaluation ran out of memory (its heap may use 256 MB)');
    expect(answer.buffer).toContain('before');
    expect(runningEvaluations()).toBe(0);
    expect(await evaluate('6 * 7', {}, 60_000)).toMatchObject({ buffer: '← 42' });
  });
});

describe('debug.eval without DEBUG_EVAL', () => {
  it('is disabled, also for superusers', async () => {
    const { t, url } = await listening(false);
    try {
      const admin = await t.login();
      const socket = await socketAs(url, admin);
      expect((await socket.request('debug.eval', { js: '1' })).error).toBe('debug.eval is disabled');
      socket.close();
      const status = await t.app.inject({ method: 'GET', url: '/api/debug/status', headers: t.auth(admin) });
      expect(status.json()).toEqual({ enabled: false });
      const { rows } = await t.db.query(sql`SELECT * FROM debug_eval_audit`);
      expect(rows).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
