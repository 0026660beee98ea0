import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { sql } from '../../src/server/db/sql';
import { table } from '../../src/server/db/tables';
import { seedBulk } from '../../src/server/seed/bulk';
import { createTestApp } from '../helpers/testApp';

// Just past the limit of exact totals (EXACT_TOTAL_LIMIT, 10,000), with about 30 % of them open.
const INVOICES = 10_040;

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let open: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const { registry } = t.app.services;
  await seedBulk(t.db, registry, { model: 'client', count: 40, seed: 3 });
  await seedBulk(t.db, registry, { model: 'invoice', count: INVOICES, seed: 4, openShare: 0.3 });
  const counted = await t.db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${table('invoice')} WHERE doc->>'status' = 'open'`,
  );
  open = counted.rows[0].n;
}, 120_000);
afterAll(() => t?.close());

const list = async (body: object) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/document/find',
    headers: t.auth(admin),
    payload: { model: 'invoice', limit: 25, sort: { date: -1 }, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { results: { _id: string }[]; total: number; totalEstimated?: boolean };
};

describe('list totals', () => {
  it('are exact below the limit, with and without a search', async () => {
    const filtered = await list({ page: 0, filter: { status: 'open' } });
    expect(filtered.total).toBe(open);
    expect(filtered.totalEstimated).toBeUndefined();
    expect(filtered.results).toHaveLength(25);

    const searched = await list({ page: 0, filter: { status: 'open' }, search: 'ber' });
    const expected = await t.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${table('invoice')} WHERE doc->>'status' = 'open' AND lower(doc->>'name') LIKE '%ber%'`,
    );
    expect(searched.total).toBe(expected.rows[0].n);
    expect(searched.totalEstimated).toBeUndefined();
  });

  it('are the planner’s estimate, flagged, above the limit; a page past the end counts exactly', async () => {
    const first = await list({ page: 0 });
    expect(first.totalEstimated).toBe(true);
    expect(first.total).toBeGreaterThan(10_000);

    // Page 401 starts at 10,025: its rows prove the total is above the limit without counting.
    const deep = await list({ page: 401 });
    expect(deep.results.length).toBeGreaterThan(0);
    expect(deep.totalEstimated).toBe(true);
    expect(deep.total).toBeGreaterThanOrEqual(401 * 25 + deep.results.length);

    const past = await list({ page: 1000 });
    expect(past.results).toEqual([]);
    expect(past.totalEstimated).toBe(true);
    expect(past.total).toBeGreaterThan(10_000);
  });

  it('turn exact again as soon as the matches fall below the limit', async () => {
    expect((await list({ page: 0 })).totalEstimated).toBe(true);
    // A large total is known without counting for a few seconds, until a document changes.
    const paid = await t.db.query<{ _id: string }>(
      sql`SELECT _id FROM ${table('invoice')} WHERE doc->>'status' = 'paid' AND deleted_at IS NULL LIMIT 100`,
    );
    for (const { _id } of paid.rows) await t.app.services.documents.remove(SYSTEM, 'invoice', _id);
    const after = await list({ page: 0 });
    expect(after.total).toBe(INVOICES - 100);
    expect(after.totalEstimated).toBeUndefined();
  });
});
