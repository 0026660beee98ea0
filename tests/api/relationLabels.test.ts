import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

// x-relation shareLabel: an accountant (manage:payment, may read only their own user) reads payment documents
// naming colleagues. They see each colleague's login and nothing else of them, and gain no read access to users.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let admin: string;
let marco: { token: string; id: string };
let anna: { token: string; id: string };
let invoiceId: string;
let transactionId: string;

const call = async (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
  const response = await t.app.inject({ method, url, headers: t.auth(token), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, json: response.json() as Record<string, unknown> & { results?: unknown[] } };
};
const saved = async (model: string, doc: object) => {
  const answer = await call(admin, 'POST', `/api/document/updateOne?model=${model}`, doc);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as Record<string, unknown> & { _id: string };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  marco = await userWithRole(t, admin, 'marco', 'accountant');
  anna = await userWithRole(t, admin, 'anna', 'staff');
  const client = await saved('client', { name: 'Rheinblick Immobilien AG' });
  invoiceId = (
    await saved('invoice', {
      name: 'Website-Relaunch',
      client: client._id,
      date: '2026-10-01',
      status: 'open',
      items: [
        { name: 'Konzept', user: anna.id, price: 120, count: 2 },
        { name: 'Buchhaltung', user: marco.id, price: 100, count: 1 },
        { name: 'Material', price: 50, count: 1 },
      ],
    })
  )._id;
  transactionId = (
    await saved('transaction', { date: '2026-10-05', name: 'Spesen', amount: 80, direction: 'outgoing', user: anna.id })
  )._id;
});
afterAll(() => t?.close());

describe('labels of related documents the caller may not read (x-relation shareLabel)', () => {
  it("answers an accountant a colleague's login on an invoice line, and nothing else of the colleague", async () => {
    const answer = await call(
      marco.token,
      'GET',
      `/api/document/findById?model=invoice&id=${invoiceId}&populate=items.user`,
    );
    expect(answer.status).toBe(200);
    const users = (answer.json.items as { user?: unknown }[]).map((item) => item.user);
    // Anna: her id and login only (no e-mail, roles, names); Marco may read himself: what his own read shows.
    expect(users[0]).toEqual({ _id: anna.id, login: 'anna' });
    expect(users[1]).toEqual({ _id: marco.id, login: 'marco' });
    expect(users[2]).toBeUndefined();

    // The same in a list with populate.
    const list = await call(marco.token, 'POST', '/api/document/find', {
      model: 'transaction',
      query: { _id: transactionId },
      populate: ['user'],
    });
    expect((list.json.results as { user: unknown }[])[0].user).toEqual({ _id: anna.id, login: 'anna' });
  });

  it('gives no read access to the user itself: a lookup by id finds nothing', async () => {
    const byId = await call(marco.token, 'GET', `/api/document/findById?model=user&id=${anna.id}`);
    expect(byId.status).toBe(404);
    const found = await call(marco.token, 'POST', '/api/document/find', {
      model: 'user',
      query: { _id: anna.id },
      deleted: true,
      fields: ['login'],
    });
    expect(found.json.results).toEqual([]);
    // A list's filter dropdown of the transactions' users names her too.
    const filters = await call(marco.token, 'POST', '/api/document/find', {
      model: 'transaction',
      page: 0,
      limit: 25,
      filterFields: ['user'],
    });
    expect((filters.json.filters as Record<string, unknown>).user).toEqual([{ value: anna.id, label: 'anna' }]);
  });

  it('keeps a deleted colleague named without saying that they are deleted', async () => {
    const beat = await userWithRole(t, admin, 'beat', null);
    const invoice = await saved('invoice', {
      name: 'Altes Projekt',
      client: (await saved('client', { name: 'Alte Kundin AG' }))._id,
      date: '2025-01-01',
      status: 'paid',
      items: [{ name: 'Arbeit', user: beat.id, price: 100, count: 1 }],
    });
    expect((await call(admin, 'DELETE', `/api/document/delete?model=user&id=${beat.id}`)).status).toBeLessThan(300);
    const answer = await call(
      marco.token,
      'GET',
      `/api/document/findById?model=invoice&id=${invoice._id}&populate=items.user`,
    );
    expect((answer.json.items as { user: unknown }[])[0].user).toEqual({ _id: beat.id, login: 'beat' });
    // Someone who may read users sees that the user is gone.
    const asAdmin = await call(
      admin,
      'GET',
      `/api/document/findById?model=invoice&id=${invoice._id}&populate=items.user`,
    );
    expect((asAdmin.json.items as { user: Record<string, unknown> }[])[0].user).toMatchObject({
      login: 'beat',
      _deletedAt: expect.any(String),
    });
  });

  it('shares nothing where the schema does not say so, and nothing with those who may not read the document', async () => {
    // A user's roles refer to role documents (manage:backend) without shareLabel: Marco's own user keeps the names.
    const own = await call(marco.token, 'GET', `/api/document/findById?model=user&id=${marco.id}&populate=roles`);
    expect(own.status).toBe(200);
    expect(own.json.roles).toEqual(['accountant']);
    const asAdmin = await call(admin, 'GET', `/api/document/findById?model=user&id=${marco.id}&populate=roles`);
    expect(asAdmin.json.roles).toEqual([{ _id: expect.any(String), name: 'accountant' }]);

    // Anna (staff) may not read invoices: no label comes out of one.
    const staff = await call(
      anna.token,
      'GET',
      `/api/document/findById?model=invoice&id=${invoiceId}&populate=items.user`,
    );
    expect(staff.status).toBe(403);
    expect(JSON.stringify(staff.json)).not.toContain('marco');
  });
});
