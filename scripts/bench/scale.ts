/**
 * `npm run bench:scale [-- --quick]`: one app process against two on the same PostgreSQL
 * (DATABASE_URL): the admin invoice list (`POST /api/document/find`, 10,000 invoices) and the
 * cached home page of the public site. The requests are spread evenly over the processes; prints
 * requests per second, p95 and the ratio two/one, and the CPU each part used (app processes,
 * PostgreSQL, this load generator) to show where the limit is. Then file downloads from an S3 bucket
 * (s3rver in its own process, BLOB_STORE=s3): a 20 MB file downloaded through an app process against the
 * same bytes read straight from s3rver with the AWS SDK (the floor), MB/s and the ratio. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createRegistry } from '../../src/shared/registry';
import { openPostgres } from '../../src/server/db/postgres';
import { loadSchemaSet } from '../../src/server/schemaSet';
import { seedBulk } from '../../src/server/seed/bulk';
import { startAppProcess, type AppProcess } from '../../tests/helpers/appProcess';
import { freshPostgres } from '../../tests/helpers/testApp';
import { percentile } from './measure';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const ROWS = values.quick ? 2_000 : 10_000;
const SECONDS = values.quick ? 3 : 8;
const CONCURRENCY = 32;
const FILE_BYTES = 20 * 1024 * 1024;
const DOWNLOADS = values.quick ? 12 : 40;
const DOWNLOAD_CONNECTIONS = 4;
const S3_BUCKET = 'bench-scale';
const PASSWORD = 'bench-scale-password';

if (!process.env.DATABASE_URL) {
  console.log('bench:scale needs PostgreSQL: set DATABASE_URL (several processes cannot share PGlite). Skipped.');
  process.exit(0);
}

const LIST_BODY = JSON.stringify({
  model: 'invoice',
  page: 1,
  limit: 25,
  sort: { date: -1 },
  filter: { status: 'open' },
  populate: ['client'],
});

interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function send(agent: Agent, port: number, call: Call): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: call.method, path: call.path, headers: call.headers, agent },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${call.path}: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/** CPU seconds (user + system) used so far by each of the processes with these pids. */
async function cpuSeconds(pids: number[]): Promise<Map<number, number>> {
  const tick = 100; // USER_HZ on Linux
  const used = new Map<number, number>();
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    used.set(pid, (Number(fields[11]) + Number(fields[12])) / tick);
  }
  return used;
}

/** CPU seconds used between two readings by the processes present in both (a process that ended is left out). */
function spent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? seconds);
  return total;
}

/** Busy CPU seconds of the whole machine (all processes, this benchmark's and others'). */
async function machineSeconds(): Promise<number> {
  const [cpu] = (await readFile('/proc/stat', 'utf8')).split('\n');
  const [user, nice, system, , , irq, softirq, steal] = cpu.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** The PostgreSQL server processes on this machine (backends serve the app processes' connections). */
async function postgresPids(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'postgres') pids.push(Number(entry));
  }
  return pids;
}

interface Result {
  rps: number;
  p95: number;
  cpu: { apps: number; postgres: number; generator: number; machine: number };
}

/** Sends `call` for SECONDS with CONCURRENCY in flight, round-robin over the processes. */
async function run(apps: AppProcess[], call: Call): Promise<Result> {
  const agents = apps.map(() => new Agent({ keepAlive: true, maxSockets: CONCURRENCY }));
  for (let i = 0; i < 200; i++) await send(agents[i % apps.length], apps[i % apps.length].port, call);
  const pgPids = await postgresPids();
  const appPids = apps.map((app) => app.child.pid!);
  const before = {
    apps: await cpuSeconds(appPids),
    postgres: await cpuSeconds(pgPids),
    machine: await machineSeconds(),
    self: process.cpuUsage(),
  };
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const n = next++ % apps.length;
        const at = performance.now();
        await send(agents[n], apps[n].port, call);
        samples.push(performance.now() - at);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const self = process.cpuUsage(before.self);
  for (const agent of agents) agent.destroy();
  samples.sort((a, b) => a - b);
  return {
    rps: samples.length / wall,
    p95: percentile(samples, 95),
    cpu: {
      apps: spent(before.apps, await cpuSeconds(appPids)) / wall,
      postgres: spent(before.postgres, await cpuSeconds(pgPids)) / wall,
      generator: (self.user + self.system) / 1e6 / wall,
      machine: ((await machineSeconds()) - before.machine) / wall,
    },
  };
}

/** s3rver (the CLI, its own process, so it does not share this load generator's event loop) on a free port. */
async function startS3rver(directory: string): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = spawn(
    path.resolve('node_modules/.bin/s3rver'),
    ['-d', directory, '-a', '127.0.0.1', '-p', '0', '--configure-bucket', S3_BUCKET],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    // Read everything it prints (one line per request), or the pipe fills and it blocks.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (output.length > 10_000) return;
      output += chunk.toString();
      const match = /listening on ([\d.]+):(\d+)/.exec(output);
      if (match) resolve({ child, endpoint: `http://${match[1]}:${match[2]}` });
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}: ${output}`)));
  });
}

interface Throughput {
  mbPerSecond: number;
  p50: number;
  p95: number;
  cpu: { app: number; s3rver: number; generator: number };
}

/** Runs `DOWNLOADS` downloads of the whole file, `DOWNLOAD_CONNECTIONS` at a time; each resolves with its byte count. */
async function downloads(download: () => Promise<number>, pids: { app?: number; s3rver: number }): Promise<Throughput> {
  for (let i = 0; i < 2; i++) await download();
  const before = {
    app: await cpuSeconds(pids.app ? [pids.app] : []),
    s3rver: await cpuSeconds([pids.s3rver]),
    self: process.cpuUsage(),
  };
  const samples: number[] = [];
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: DOWNLOAD_CONNECTIONS }, async () => {
      while (next++ < DOWNLOADS) {
        const at = performance.now();
        const received = await download();
        if (received !== FILE_BYTES) throw new Error(`a download ended after ${received} of ${FILE_BYTES} bytes`);
        bytes += received;
        samples.push(performance.now() - at);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const self = process.cpuUsage(before.self);
  samples.sort((a, b) => a - b);
  return {
    mbPerSecond: bytes / 1024 / 1024 / wall,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    cpu: {
      app: spent(before.app, await cpuSeconds(pids.app ? [pids.app] : [])) / wall,
      s3rver: spent(before.s3rver, await cpuSeconds([pids.s3rver])) / wall,
      generator: (self.user + self.system) / 1e6 / wall,
    },
  };
}

/** A 20 MB file through an app process on BLOB_STORE=s3 against the same object read straight from s3rver. */
async function fileThroughput(env: Record<string, string>, s3Directory: string): Promise<void> {
  const s3rver = await startS3rver(s3Directory);
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({
    endpoint: s3rver.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  let app: AppProcess | undefined;
  try {
    app = await startAppProcess({
      ...env,
      BLOB_STORE: 's3',
      AWS_ENDPOINT_URL_S3: s3rver.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_BUCKET,
      S3_FORCE_PATH_STYLE: 'true',
    });
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const bytes = new Uint8Array(FILE_BYTES);
    for (let i = 0; i < bytes.length; i += 65_536) bytes.set(crypto.getRandomValues(new Uint8Array(65_536)), i);
    const uploaded = await fetch(`${app.url}/api/files/upload?name=bench.bin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const { _id: id } = (await uploaded.json()) as { _id: string };

    const agent = new Agent({ keepAlive: true, maxSockets: DOWNLOAD_CONNECTIONS });
    const port = app.port;
    const throughApp = () =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: `/api/files/download?id=${id}`,
            headers: { authorization: `Bearer ${token}` },
            agent,
          },
          (res) => {
            let received = 0;
            res.on('data', (chunk: Buffer) => (received += chunk.length));
            res.on('end', () => (res.statusCode === 200 ? resolve(received) : reject(new Error(`${res.statusCode}`))));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end();
      });
    const straight = async () => {
      const object = await client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: `file/${id}` }));
      let received = 0;
      for await (const chunk of object.Body as AsyncIterable<Buffer>) received += chunk.length;
      return received;
    };
    const floor = await downloads(straight, { s3rver: s3rver.child.pid! });
    const ours = await downloads(throughApp, { app: app.child.pid!, s3rver: s3rver.child.pid! });
    agent.destroy();

    const cpu = (r: Throughput) =>
      `CPU ${r.cpu.app ? `app ${r.cpu.app.toFixed(2)} + ` : ''}s3rver ${r.cpu.s3rver.toFixed(2)} + load ${r.cpu.generator.toFixed(2)} cores`;
    console.log(
      `\nfile download from S3 (s3rver): ${FILE_BYTES / 1024 / 1024} MB, ${DOWNLOADS} downloads, ${DOWNLOAD_CONNECTIONS} at a time`,
    );
    console.log(
      `  straight from s3rver (AWS SDK, floor): ${floor.mbPerSecond.toFixed(0).padStart(5)} MB/s  per file p50 ${floor.p50.toFixed(0).padStart(4)} ms, p95 ${floor.p95.toFixed(0).padStart(4)} ms  ${cpu(floor)}`,
    );
    console.log(
      `  through the app (/api/files/download): ${ours.mbPerSecond.toFixed(0).padStart(5)} MB/s  per file p50 ${ours.p50.toFixed(0).padStart(4)} ms, p95 ${ours.p95.toFixed(0).padStart(4)} ms  ${cpu(ours)}`,
    );
    console.log(`  ratio app/floor: ${(ours.mbPerSecond / floor.mbPerSecond).toFixed(2)}x`);
  } finally {
    client.destroy();
    if (app) {
      app.child.kill('SIGTERM');
      await app.exited;
    }
    s3rver.child.kill('SIGTERM');
  }
}

const database = await freshPostgres(process.env.DATABASE_URL, 'bk_bench_scale');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bk-bench-scale-'));
const s3Directory = await mkdtemp(path.join(os.tmpdir(), 'bk-bench-scale-s3-'));
const env = {
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: PASSWORD,
  WORKERS: '0',
  NODE_ENV: 'production',
};
const apps: AppProcess[] = [];
try {
  apps.push(await startAppProcess(env));
  const db = await openPostgres(database.url, { max: 2 });
  const registry = createRegistry(await loadSchemaSet([]));
  await seedBulk(db, registry, { model: 'client', count: ROWS, seed: 1 });
  await seedBulk(db, registry, { model: 'invoice', count: ROWS, seed: 2, openShare: 0.75 });
  await db.close();
  const login = await fetch(`${apps[0].url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const calls: [string, Call][] = [
    [
      'admin invoice list',
      {
        method: 'POST',
        path: '/api/document/find',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: LIST_BODY,
      },
    ],
    ['cached home page', { method: 'GET', path: '/', headers: { 'accept-encoding': 'gzip' } }],
  ];

  const results = new Map<string, Result[]>();
  for (const [name, call] of calls) results.set(name, [await run(apps, call)]);
  apps.push(await startAppProcess(env));
  for (const [name, call] of calls) results.get(name)!.push(await run(apps, call));

  const cores = os.availableParallelism();
  console.log(
    `\nbench:scale: ${ROWS} invoices, ${CONCURRENCY} requests in flight for ${SECONDS} s, on ${cores} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})\n`,
  );
  const ours = (r: Result) => r.cpu.apps + r.cpu.postgres + r.cpu.generator;
  const cpu = (r: Result) =>
    `apps ${r.cpu.apps.toFixed(2)} + postgres ${r.cpu.postgres.toFixed(2)} + load ${r.cpu.generator.toFixed(2)} = ${ours(r).toFixed(2)} cores; machine ${r.cpu.machine.toFixed(2)}`;
  for (const [name, [one, two]] of results) {
    console.log(`${name}`);
    console.log(
      `  1 process  : ${one.rps.toFixed(0).padStart(6)} req/s  p95 ${one.p95.toFixed(1).padStart(6)} ms  CPU ${cpu(one)}`,
    );
    console.log(
      `  2 processes: ${two.rps.toFixed(0).padStart(6)} req/s  p95 ${two.p95.toFixed(1).padStart(6)} ms  CPU ${cpu(two)}`,
    );
    console.log(`  ratio 2/1  : ${(two.rps / one.rps).toFixed(2)}x requests per second`);
  }
  const runs = [...results.values()].flat();
  const machine = Math.max(...runs.map((r) => r.cpu.machine));
  const others = Math.max(...runs.map((r) => r.cpu.machine - ours(r)));
  console.log(
    `\nWhere the limit is: the machine was busy up to ${machine.toFixed(2)} of ${cores} cores (other programs up to ${Math.max(0, others).toFixed(2)}). ${
      machine > cores * 0.85
        ? 'It is CPU-bound: the app processes, PostgreSQL and this load generator share the same cores, so a second app process only gets what the first left idle; on separate machines the gain is larger.'
        : 'The cores were not exhausted: the limit is waiting (round trips to PostgreSQL, the event loop of each process), not CPU.'
    }${others > 0.5 ? ' Other programs used a good part of the CPU during the run: repeat on an idle machine for clean figures.' : ''}`,
  );

  // The request processes are done: the file downloads get the machine to themselves.
  for (const app of apps.splice(0)) {
    app.child.kill('SIGTERM');
    await app.exited;
  }
  await fileThroughput(env, s3Directory);
} finally {
  for (const app of apps) app.child.kill('SIGTERM');
  await Promise.all(apps.map((app) => app.exited));
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(s3Directory, { recursive: true, force: true });
}
