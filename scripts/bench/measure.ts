import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database, Queryable } from '../../src/server/db/database';

/** The database with every statement counted (also inside transactions): proves "no query per row". */
export function countingDatabase(db: Database): { db: Database; count(): number; reset(): void } {
  let count = 0;
  const counted = (q: Queryable): Queryable => ({
    query: (statement) => {
      count++;
      return q.query(statement);
    },
  });
  // Keeps the driver's extra properties (pool, connection string) that parts of the app use.
  const wrapped: Database = {
    ...db,
    query: counted(db).query,
    transaction: (fn) => db.transaction((tx) => fn(counted(tx))),
  };
  return { db: wrapped, count: () => count, reset: () => void (count = 0) };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export interface Summary {
  p50: number;
  p95: number;
  /** Requests per second with `concurrency` requests in flight. */
  rps: number;
}

/** One request: resolves after the whole answer was read; throws unless the status is 200. */
export type Send = () => Promise<void>;

export async function latencies(send: Send, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await send();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

export async function throughput(send: Send, total: number, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      await send();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total / ((performance.now() - started) / 1000);
}

/** Latencies of `a` and `b` measured interleaved (so drift hits both), then each one's throughput. */
export async function compare(
  a: Send,
  b: Send,
  options: { samples: number; total: number; concurrency: number },
): Promise<[Summary, Summary]> {
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < options.samples; i++) {
    sa.push(...(await latencies(a, 1)));
    sb.push(...(await latencies(b, 1)));
  }
  sa.sort((x, y) => x - y);
  sb.sort((x, y) => x - y);
  const rpsA = await throughput(a, options.total, options.concurrency);
  const rpsB = await throughput(b, options.total, options.concurrency);
  return [
    { p50: percentile(sa, 50), p95: percentile(sa, 95), rps: rpsA },
    { p50: percentile(sb, 50), p95: percentile(sb, 95), rps: rpsB },
  ];
}

/**
 * A bare node:http server for a benchmark's baseline: every request's JSON body goes to `handle`,
 * its answer comes back as JSON (500 with `{ error }` when it throws). No framework, no auth.
 */
export async function serveJson<B>(
  handle: (body: B) => Promise<unknown>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(JSON.parse(Buffer.concat(chunks).toString('utf8')) as B).then(
        (answer) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(answer));
        },
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: error.message }));
        },
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
