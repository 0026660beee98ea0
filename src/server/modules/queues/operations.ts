import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../db/database';
import type { PostgresDatabase } from '../../db/postgres';
import { sql } from '../../db/sql';
import type { EventBus } from '../../events/bus';
import { JOB_ACTION_STATES, type JobState, type JobStateEvent, type QueueJob } from '../../../shared/api/queues';
import type { QueueDefinition, QueueService } from './service';

const SCHEMA = 'pgboss';
const POLL_MS = 500;

interface WorkLoop {
  /** Ends the wait for the next poll: a job was just sent. */
  wake(): void;
  /** Settles when the loop has ended and its last batch has run. */
  done: Promise<void>;
}

/** pg-boss's `db` option on our database: PGlite runs multi-statement scripts with `exec`. */
function bossDb(db: Database): PgBoss.Db {
  if (db.kind === 'pglite') {
    const pglite = (db as Database & { pglite: PGlite }).pglite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  const pool = (db as PostgresDatabase).pool;
  return { executeSql: (text, values) => pool.query(text, values) };
}

interface JobRow {
  id: string;
  data: unknown;
  state: JobState;
  created_on: Date | string;
  output: { message?: string } | null;
  retry_count: number;
}

const JOB_COLUMNS = sql`id::text, data, state::text AS state, created_on, output, retry_count`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Job queues on pg-boss in the same database; every state change is a `queue/state` event on the bus. */
export function createQueueService({
  db,
  bus,
  log,
  runJobs = true,
}: {
  db: Database;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** False (`WORKERS=0`): jobs are queued here but run by other processes. */
  runJobs?: boolean;
}): QueueService {
  const boss = new PgBoss({ db: bossDb(db), schema: SCHEMA, schedule: false, migrate: true });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, QueueDefinition<object>>();
  const loops = new Map<string, WorkLoop>();
  const progress = new Map<string, number>();
  /** Jobs this process fetched (pg-boss marked them active) and has not finished, running or not yet started. */
  const held = new Map<string, { queue: string }>();
  let started = false;
  /** The stop's time ran out: the jobs held are failed for a retry and no more of them start here. */
  let cut = false;

  function publish(queue: string, id: string, state: JobStateEvent): void {
    bus.publish({ type: 'queue/state', queue, id, state });
  }

  function jobOf(row: JobRow): QueueJob {
    return {
      id: row.id,
      createdOn: new Date(row.created_on).toISOString(),
      data: row.data,
      state: row.state,
      progress: row.state === 'completed' ? 100 : (progress.get(row.id) ?? 0),
      retryCount: row.retry_count,
      ...(row.output?.message && row.state !== 'completed' ? { error: row.output.message } : {}),
    };
  }

  async function findJob(name: string, id: string): Promise<QueueJob | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await db.query<JobRow>(
      sql`SELECT ${JOB_COLUMNS} FROM pgboss.job WHERE name = ${name} AND id = ${id}::uuid`,
    );
    return rows[0] && jobOf(rows[0]);
  }

  /** Records a job's outcome; once the queues are stopped, the database may be gone: nothing to record then. */
  async function settle(record: () => Promise<unknown>, job: { queue: string; id: string }): Promise<boolean> {
    try {
      await record();
      return true;
    } catch (error) {
      if (started) log.error({ err: error, ...job }, 'recording a job outcome failed');
      else log.warn({ ...job }, 'job finished after the queues stopped; pg-boss retries it when it expires');
      return false;
    }
  }

  async function runJob(
    name: string,
    definition: QueueDefinition<object>,
    job: PgBoss.JobWithMetadata<object>,
  ): Promise<void> {
    const base = { createdOn: new Date(job.createdOn).toISOString(), data: job.data };
    let last = 0;
    const report = (percent: number) => {
      const value = Math.max(0, Math.min(100, Math.round(percent)));
      if (value === last) return;
      last = value;
      progress.set(job.id, value);
      publish(name, job.id, { state: 'active', progress: value, ...base });
    };
    progress.set(job.id, 0);
    publish(name, job.id, { state: 'active', progress: 0, ...base });
    try {
      await definition.handler(job.data, report);
      if (await settle(() => boss.complete(name, job.id), { queue: name, id: job.id }))
        publish(name, job.id, { state: 'completed', progress: 100, ...base });
    } catch (error) {
      const message = errorText(error);
      if (await settle(() => boss.fail(name, job.id, { message }), { queue: name, id: job.id })) {
        const final = job.retryCount >= job.retryLimit;
        publish(name, job.id, { state: final ? 'failed' : 'retry', progress: last, error: message, ...base });
        if (final) log.warn({ queue: name, job: job.id, err: message }, 'job failed for good');
      }
    } finally {
      progress.delete(job.id);
      held.delete(job.id);
    }
  }

  /**
   * Fetches and runs the jobs of one queue until the queues stop. Our own loop rather than pg-boss's
   * `work()`: that one records outcomes without awaiting them and its graceful stop does not wait for a
   * fetch in flight, so a stopping process could close the database under a job it had just taken.
   */
  function workLoop(name: string, definition: QueueDefinition<object>): WorkLoop {
    const batchSize = definition.concurrency * 2;
    let wake = () => {};
    let woken = false;
    const idle = () =>
      new Promise<void>((resolve) => {
        if (woken || !started) return resolve();
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const done = (async () => {
      while (started) {
        woken = false;
        let jobs: PgBoss.JobWithMetadata<object>[] = [];
        try {
          jobs = await boss.fetch<object>(name, { batchSize, includeMetadata: true });
        } catch (error) {
          if (started) log.error({ err: error, queue: name }, 'fetching jobs failed');
        }
        for (const job of jobs) held.set(job.id, { queue: name });
        let next = 0;
        const lane = async () => {
          while (next < jobs.length && !cut) await runJob(name, definition, jobs[next++]);
        };
        await Promise.all(Array.from({ length: Math.min(definition.concurrency, jobs.length) }, lane));
        // A full batch means more may be waiting: fetch again at once instead of after the polling interval.
        if (jobs.length < batchSize) await idle();
      }
    })();
    return {
      wake() {
        woken = true;
        wake();
      },
      done,
    };
  }

  async function startQueue(name: string, definition: QueueDefinition<object>): Promise<void> {
    await boss.createQueue(name, { name, retryLimit: definition.retryLimit, retryDelay: 1, retryBackoff: true });
    if (runJobs && started) loops.set(name, workLoop(name, definition));
  }

  return {
    define(name, definition) {
      if (definitions.has(name)) throw new Error(`Queue ${name} is already defined`);
      definitions.set(name, definition as QueueDefinition<object>);
      if (started)
        void startQueue(name, definition as QueueDefinition<object>).catch((error) =>
          log.error({ err: error }, 'queue worker failed to start'),
        );
    },

    async start() {
      await boss.start();
      started = true;
      for (const [name, definition] of definitions) await startQueue(name, definition);
    },

    async stop(timeoutMs = 10_000) {
      if (!started) return true;
      started = false;
      // Takes no more jobs; running ones get `timeoutMs` to finish.
      for (const loop of loops.values()) loop.wake();
      const finished = Promise.all([...loops.values()].map((loop) => loop.done));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        finished.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
      ]);
      clearTimeout(timer);
      loops.clear();
      const unfinished = timedOut ? held.size : 0;
      if (unfinished) {
        cut = true;
        // Running or fetched and not yet started: failed now, retried later (here or by another process);
        // the outcome of handlers still running is not recorded.
        for (const [id, { queue }] of held) {
          await boss
            .fail(queue, id, { message: 'The server stopped while the job ran' })
            .catch((error) => log.error({ err: error, queue, id }, 'failing an unfinished job failed'));
          log.warn({ queue, id }, 'job still running when the queues stopped');
        }
      }
      await boss.stop({ graceful: false, close: false });
      held.clear();
      return unfinished === 0;
    },

    async send(name, data) {
      const id = await boss.send(name, data);
      if (!id) throw new Error(`Job of ${name} was not created`);
      publish(name, id, { state: 'created', progress: 0, createdOn: new Date().toISOString(), data });
      loops.get(name)?.wake();
      return id;
    },

    async names() {
      const queues = await boss.getQueues();
      return queues.map((queue) => queue.name).sort();
    },

    async jobs(name, limit = 200) {
      const { rows } = await db.query<JobRow>(
        sql`SELECT ${JOB_COLUMNS} FROM pgboss.job WHERE name = ${name} ORDER BY created_on DESC, id LIMIT ${limit}`,
      );
      return rows.map(jobOf);
    },

    job: findJob,

    async act(name, id, action) {
      const before = await findJob(name, id);
      if (!before) return undefined;
      if (!JOB_ACTION_STATES[action].includes(before.state)) return { done: false, job: before };
      if (action === 'cancel') await boss.cancel(name, id);
      // A cancelled job is queued again as new; a failed one gets one more attempt.
      else if (before.state === 'cancelled') await boss.resume(name, id);
      else await boss.retry(name, id);
      const job = (await findJob(name, id)) ?? before;
      const { state, progress: percent, error, createdOn, data } = job;
      publish(name, id, { state, progress: percent, createdOn, data, ...(error ? { error } : {}) });
      if (action === 'retry') loops.get(name)?.wake();
      return { done: job.state !== before.state, job };
    },

    async pending(name) {
      const { rows } = await db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND state IN ('created', 'retry', 'active')`,
      );
      return rows[0]?.n ?? 0;
    },
  };
}
