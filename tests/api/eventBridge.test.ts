import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus, type ServerEvent } from '../../src/server/events/bus';
import { startPgBridge } from '../../src/server/events/pgBridge';
import type { JobState, JobStateEvent } from '../../src/shared/api/queues';
/** A `queue/state` event's state as the queue service publishes it. */
const jobState = (state: JobState): JobStateEvent => ({
  state,
  progress: 0,
  createdOn: '2026-01-01T00:00:00.000Z',
  data: {},
});

// LISTEN/NOTIFY needs a PostgreSQL server: this runs in the DATABASE_URL pass of the API tests.
describe.runIf(process.env.DATABASE_URL)('pg event bridge on PostgreSQL', () => {
  it('fans events out between two processes, sender excluded', async () => {
    const log = Fastify({ logger: false }).log;
    const createClient = () => new pg.Client({ connectionString: process.env.DATABASE_URL });
    const [busA, busB] = [createEventBus(), createEventBus()];
    const [seenA, seenB]: ServerEvent[][] = [[], []];
    busA.subscribe((event) => seenA.push(event));
    busB.subscribe((event) => seenB.push(event));
    const a = await startPgBridge({ bus: busA, createClient, log });
    const b = await startPgBridge({ bus: busB, createClient, log });
    try {
      busA.publish({ type: 'queue/state', queue: 'q', id: 'j1', state: jobState('completed') });
      busB.publish({ type: 'queue/state', queue: 'q', id: 'j2', state: jobState('active') });
      await vi.waitFor(() => expect(seenB).toHaveLength(2));
      await vi.waitFor(() => expect(seenA).toHaveLength(2));
      expect(seenB.map((event) => event.type === 'queue/state' && event.id)).toEqual(['j2', 'j1']);
      expect(seenA.map((event) => event.type === 'queue/state' && event.id)).toEqual(['j1', 'j2']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
