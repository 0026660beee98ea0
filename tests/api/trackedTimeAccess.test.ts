import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { seedDemo } from '../../src/server/seed/demo';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

/**
 * Time tracking needs manage:payment (spec section 6), for every operation: a user without it may not
 * read, create, update or delete tracked time, not even the entries that name them as their user.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;

const find = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/document/find',
    headers: t.auth(token),
    payload: { model: 'trackedTime', page: 0 },
  });
const findById = (token: string, id: string) =>
  t.app.inject({ url: `/api/document/findById?model=trackedTime&id=${id}`, headers: t.auth(token) });
const save = (token: string, doc: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/document/updateOne?model=trackedTime',
    headers: t.auth(token),
    payload: doc,
  });
const remove = (token: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/document/delete?model=trackedTime&id=${id}`, headers: t.auth(token) });

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
});
afterAll(() => t.close());

describe('tracked time without manage:payment', () => {
  it('is refused for read, create, update and delete, also of an entry naming the caller', async () => {
    const staff = await userWithRole(t, adminToken, 'anna-tt', 'staff');
    const payer = await userWithRole(t, adminToken, 'payer-tt', 'accountant');
    const own = await t.app.services.documents.save(SYSTEM, 'trackedTime', {
      start: '2026-01-05T08:00:00.000Z',
      end: '2026-01-05T10:00:00.000Z',
      name: 'Workshop',
      user: staff.id,
    });

    const listed = await find(staff.token);
    expect(listed.statusCode, listed.body).toBe(403);
    expect(listed.json().error).toBe('Not allowed to read Tracked Time');
    expect((await findById(staff.token, own._id)).statusCode).toBe(403);
    const created = await save(staff.token, { start: '2026-01-06T08:00:00.000Z', end: '2026-01-06T09:00:00.000Z' });
    expect(created.statusCode, created.body).toBe(403);
    const updated = await save(staff.token, { _id: own._id, name: 'Workshop (2)' });
    expect(updated.statusCode, updated.body).toBe(403);
    expect(updated.json().error).toBe('Not allowed to update Tracked Time');
    const removed = await remove(staff.token, own._id);
    expect(removed.statusCode, removed.body).toBe(403);
    const stored = await t.app.services.documents.findById(SYSTEM, 'trackedTime', own._id);
    expect(stored).toMatchObject({ name: 'Workshop', user: staff.id });
    expect((await find(adminToken)).json().total).toBe(1);

    // With manage:payment all four work; an entry created without a user is the creator's.
    const mine = await save(payer.token, { start: '2026-01-06T08:00:00.000Z', end: '2026-01-06T09:00:00.000Z' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().user).toBe(payer.id);
    expect((await find(payer.token)).json().total).toBe(2);
    const reassigned = await save(payer.token, { _id: own._id, user: payer.id, name: 'Workshop (2)' });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(reassigned.json().user).toBe(payer.id);
    expect((await remove(payer.token, mine.json()._id)).statusCode).toBe(200);
    expect((await remove(payer.token, own._id)).statusCode).toBe(200);
  });

  it('gets no schema of it, and the demo gives its entries only to users who may see them', async () => {
    await seedDemo(t.app.services, { env: { DEMO_USERS_PASSWORD: '1' } });
    const anna = await t.login('anna', 'demo-anna');
    const schemas = await t.app.inject({ url: '/api/schemas', headers: t.auth(anna) });
    expect(schemas.statusCode, schemas.body).toBe(200);
    expect(Object.keys(schemas.json().models)).not.toContain('trackedTime');

    const entries = (await t.app.services.documents.find(SYSTEM, 'trackedTime', { limit: 200 })).results;
    const users = new Set(entries.map((entry) => entry.user as string));
    expect(users.size).toBeGreaterThan(0);
    for (const user of users) {
      const { login } = await t.app.services.documents.findById(SYSTEM, 'user', user);
      const token = await t.login(String(login), login === 'admin' ? undefined : `demo-${String(login)}`);
      expect((await find(token)).statusCode, `${String(login)} reads tracked time`).toBe(200);
    }
  });
});
