/**
 * `npm run bench:business`: the money side's cost, in one run (issue: business).
 * (a) Each report under /api/payment/ over 100,000 transactions and 50,000 tracked times (10,000 and
 *     5,000 with --quick) against a bare node:http handler running the same SQL (PaymentRepository)
 *     through the same driver, without framework, login or permission checks. Target: p50 at most 1.5x.
 * (b) Invoice PDFs with the QR-bill: 200 in a row through the API, PDFs per second and the server
 *     process's peak memory (RSS) while generating them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SYSTEM } from '../../src/server/access/caller';
import { sql } from '../../src/server/db/sql';
import { table } from '../../src/server/db/tables';
import { PaymentRepository } from '../../src/server/modules/payment/repository';
import { DEMO_SITE_CONFIG } from '../../src/server/seed/demoData';
import { compare, type Send } from './measure';

process.env.NODE_ENV = 'production';
const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const SIZE = values.quick ? { transactions: 10_000, times: 5_000 } : { transactions: 100_000, times: 50_000 };
// At full size a year's report reads 100,000 rows (~150 ms on PGlite, one query at a time): fewer
// requests, so the six reports finish in minutes (p50 of 40 alternating samples per side).
const LOAD = { samples: values.quick ? 100 : 40, total: values.quick ? 300 : 120, concurrency: 10 };
const TARGET = 1.5;
const PDFS = 200;
const YEAR = 2025;

const { buildApp } = await import('../../src/server/app');
const { openPglite } = await import('../../src/server/db/pglite');
const dir = await mkdtemp(path.join(tmpdir(), 'baukasten-bench-business-'));
const app = await buildApp({
  db: await openPglite({ dataDir: path.join(dir, 'db') }),
  logger: false,
  config: { dataDir: dir, adminPassword: 'bench-admin-password' },
});
const bare = createServer();
try {
  const { db, documents, auth } = app.services;
  await auth.ensureAdmin();
  await documents.save(SYSTEM, 'siteConfig', DEMO_SITE_CONFIG);
  const admin = (await documents.find(SYSTEM, 'user', { query: { login: 'admin' }, limit: 1 })).results[0]._id;
  const client = (
    await documents.save(SYSTEM, 'client', {
      name: 'Rheinblick Immobilien AG',
      hourlyRate: 150,
      address: { street: 'Freie Strasse', streetNumber: '12', zip: '4001', city: 'Basel', country: 'CH' },
    })
  )._id;
  console.log(
    `Filling ${SIZE.transactions.toLocaleString('en')} transactions and ${SIZE.times.toLocaleString('en')} tracked times...`,
  );
  // Rows straight into the tables (the documents' shape, spread over the year): filling through the API would take minutes.
  await db.query(sql`INSERT INTO ${table('transaction')} (_id, doc)
    SELECT lpad(to_hex(i), 24, '0'), jsonb_build_object(
      'date', to_char(date '2025-01-01' + (i % 365), 'YYYY-MM-DD'), 'name', 'Buchung ' || i, 'amount', (i % 5000) + 0.5,
      'direction', CASE WHEN i % 3 = 0 THEN 'outgoing' ELSE 'incoming' END,
      'type', CASE WHEN i % 3 = 0 AND i % 2 = 0 THEN 'tax' END)
    FROM generate_series(1, ${SIZE.transactions}) AS i`);
  await db.query(sql`INSERT INTO ${table('trackedTime')} (_id, doc)
    SELECT lpad(to_hex(i + 1000000), 24, '0'), jsonb_build_object(
      'start', to_char(now() - make_interval(mins => i * 7), 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'),
      'end', to_char(now() - make_interval(mins => i * 7) + interval '50 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'),
      'duration', 50.0 / 60, 'name', 'Arbeit ' || i, 'user', ${admin}::text, 'client', ${client}::text, 'multiplier', 1)
    FROM generate_series(1, ${SIZE.times}) AS i`);
  await db.query(sql`ANALYZE`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'bench-admin-password' },
  });
  const token = (login.json() as { token: string }).token;

  // The floor: the same SQL (PaymentRepository), answered by node:http.
  const repo = new PaymentRepository(db);
  const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const floorAnswers: Record<string, () => Promise<unknown>> = {
    revenue: () => repo.revenue(`${YEAR}-01-01`, `${YEAR + 1}-01-01`),
    ownRevenue: () => repo.revenue(`${YEAR}-01-01`, `${YEAR + 1}-01-01`),
    monthlyTransactionSummary: () => repo.monthly(`${YEAR}-01-01`, `${YEAR + 1}-01-01`),
    lastYear: () => repo.incomeAndExpenses(`${YEAR}-01-01`, `${YEAR + 1}-01-01`).then((m) => [...m]),
    getDailyTrackedTime: () => repo.dailyTrackedTime(admin, since),
    getClientTrackedTime: () => repo.clientTrackedTime(client),
  };
  bare.on('request', (req, res) => {
    const name = (req.url ?? '').split('?')[0].split('/').pop() ?? '';
    floorAnswers[name]().then(
      (answer) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  // Keep-alive sockets outlive the pauses between rounds on both sides (Node's default of 5 s would reset them).
  bare.keepAliveTimeout = app.server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const floor = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  // One agent per report: a keep-alive socket left idle through a long report (the other side's
  // turn takes minutes at full size) may be closed by its server, which a reused socket reports as a hang-up.
  let agent = new Agent({ keepAlive: true, maxSockets: LOAD.concurrency });
  const getter =
    (url: string, headers: Record<string, string> = {}): Send =>
    () =>
      new Promise((resolve, reject) => {
        request(url, { agent, headers }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          response
            .on('data', () => undefined)
            .on('end', resolve)
            .on('error', reject);
        })
          .on('error', reject)
          .end();
      });

  console.log(
    `\n(a) Reports, ${LOAD.samples} sequential samples and ${LOAD.total} requests at ${LOAD.concurrency} in flight:`,
  );
  const queries: Record<string, string> = {
    revenue: `?year=${YEAR}`,
    ownRevenue: `?year=${YEAR}`,
    monthlyTransactionSummary: `?year=${YEAR}`,
    lastYear: `?year=${YEAR}`,
    getDailyTrackedTime: '',
    getClientTrackedTime: `?client=${client}`,
  };
  let worst = 0;
  for (const [name, query] of Object.entries(queries)) {
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: LOAD.concurrency });
    const ours = getter(`${base}/api/payment/${name}${query}`, { authorization: `Bearer ${token}` });
    const theirs = getter(`${floor}/${name}${query}`);
    for (let i = 0; i < 5; i++) await Promise.all([ours(), theirs()]);
    const [a, b] = await compare(ours, theirs, LOAD);
    const ratio = a.p50 / b.p50;
    worst = Math.max(worst, ratio);
    console.log(
      `    ${name.padEnd(26)} p50 ${a.p50.toFixed(2).padStart(7)} ms vs ${b.p50.toFixed(2).padStart(7)} ms  ratio ${ratio.toFixed(2)}x   ${a.rps.toFixed(0).padStart(5)} vs ${b.rps.toFixed(0).padStart(5)} req/s`,
    );
  }
  console.log(
    `    Worst p50 ratio ${worst.toFixed(2)}x   (target: <= ${TARGET}x) ${worst <= TARGET ? 'OK' : 'MISSED'}`,
  );
  agent.destroy();

  // (b) PDFs.
  const invoices: string[] = [];
  for (let i = 0; i < 20; i++)
    invoices.push(
      (
        await documents.save(SYSTEM, 'invoice', {
          name: `Beratung ${i}`,
          client,
          date: '2026-03-31',
          items: Array.from({ length: 8 }, (_, n) => ({ name: `Position ${n + 1}`, count: n + 1, price: 95.5 })),
        })
      )._id,
    );
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const before = process.memoryUsage().rss;
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < PDFS; i++) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/payment/invoice?id=${invoices[i % invoices.length]}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) throw new Error(`PDF: ${response.statusCode} ${response.body}`);
    bytes += response.rawPayload.length;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(`\n(b) ${PDFS} invoice PDFs with the QR-bill in a row (${(bytes / PDFS / 1024).toFixed(0)} kB each):`);
  console.log(
    `    ${(PDFS / seconds).toFixed(1)} PDFs per second; process memory ${(before / 2 ** 20).toFixed(0)} MB before, peak ${(peak / 2 ** 20).toFixed(0)} MB (+${((peak - before) / 2 ** 20).toFixed(0)} MB)`,
  );
} finally {
  bare.close();
  await app.close();
  await app.services.db.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
}
