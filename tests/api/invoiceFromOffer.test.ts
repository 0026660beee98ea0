import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDay } from '../../src/shared/format/zonedDays';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

// "Create invoice" on an offer: an open invoice of today with the offer's client, name and items.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Doc = Record<string, unknown> & { _id: string; _version: number };

let t: TestApp;
let marco: string;
let staff: string;
let offer: Doc;

const save = async (model: string, doc: object) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/document/updateOne?model=${model}`,
    headers: t.auth(marco),
    payload: doc,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Doc;
};
const create = (body: unknown, token = marco) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/invoiceFromOffer',
    headers: t.auth(token),
    payload: body as object,
  });
const count = async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: t.auth(marco),
      payload: { model: 'invoice', page: 0 },
    })
  ).json().total as number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login();
  marco = (await userWithRole(t, admin, 'marco', 'accountant')).token;
  staff = (await userWithRole(t, admin, 'anna', 'staff')).token;
  const client = await save('client', { name: 'Rheinblick Immobilien AG' });
  offer = await save('offer', {
    name: 'Online-Shop Rheinblick',
    client: client._id,
    subject: 'Angebot Online-Shop',
    date: '2026-01-15',
    text: 'Gerne unterbreiten wir Ihnen folgendes Angebot.',
    items: [
      { name: 'Konzeption', description: 'Anforderungen und Wireframes', price: 120, count: 16 },
      { name: 'Umsetzung', price: 110.5, count: 2.25 },
    ],
  });
});
afterAll(() => t?.close());

describe('POST /api/payment/invoiceFromOffer', () => {
  it("makes an open invoice of today with the offer's client, name and items, and answers its id", async () => {
    const response = await create({ offer: offer._id });
    expect(response.statusCode, response.body).toBe(200);
    const { invoice } = response.json() as { invoice: string };
    const stored = (
      await t.app.inject({
        method: 'GET',
        url: `/api/document/findById?model=invoice&id=${invoice}`,
        headers: t.auth(marco),
      })
    ).json() as Doc;
    expect(stored).toMatchObject({
      name: 'Online-Shop Rheinblick',
      client: offer.client,
      status: 'open',
      date: zonedDay(Date.now()),
      items: [
        { name: 'Konzeption', description: 'Anforderungen und Wireframes', price: 120, count: 16 },
        { name: 'Umsetzung', price: 110.5, count: 2.25 },
      ],
      total: 2168.63,
    });
    expect(typeof stored.id).toBe('number');
    expect(stored.offer).toBe(offer._id);
    expect(stored.subject).toBeUndefined();
    expect(stored.text).toBeUndefined();
  });

  it('refuses a second invoice of the same offer with 409 naming the first, and makes it when asked again', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: t.auth(marco),
      payload: { model: 'invoice', query: { offer: offer._id }, limit: 10 },
    });
    expect(first.statusCode, first.body).toBe(200);
    const [earlier] = first.json().results as Doc[];
    expect(earlier).toBeDefined();
    const before = await count();
    const twice = await create({ offer: offer._id });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json()).toMatchObject({
      error: `Invoice ${String(earlier.id)} was already created from this offer`,
      invoice: earlier._id,
      number: earlier.id,
    });
    expect(await count()).toBe(before);
    const again = await create({ offer: offer._id, again: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(await count()).toBe(before + 1);
    // The later one is named from now on; once both are deleted, the offer may be invoiced without asking.
    const refusedAgain = await create({ offer: offer._id });
    expect(refusedAgain.statusCode).toBe(409);
    expect(refusedAgain.json().invoice).toBe(again.json().invoice);
    for (const id of [earlier._id, (again.json() as { invoice: string }).invoice]) {
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/document/delete?model=invoice&id=${id}`,
        headers: t.auth(marco),
      });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    expect((await create({ offer: offer._id })).statusCode).toBe(200);
  });

  it('makes one invoice of two requests at once (a double click, two tabs): the other answers 409 naming it', async () => {
    const fresh = await save('offer', { name: 'Doppelklick', client: offer.client, date: '2026-01-17' });
    const before = await count();
    // Both requests have read the offer before either writes: each waits at its write until the other gets there.
    const documents = t.app.services.documents;
    const { save: saveOne, saveAll } = documents;
    let arrived = 0;
    let bothThere!: () => void;
    const gate = new Promise<void>((resolve) => (bothThere = resolve));
    const held = async () => {
      if (++arrived === 2) bothThere();
      await gate;
    };
    documents.save = async (...args) => (await held(), saveOne.apply(documents, args));
    documents.saveAll = async (...args) => (await held(), saveAll.apply(documents, args));
    let answers;
    try {
      answers = await Promise.all([create({ offer: fresh._id }), create({ offer: fresh._id })]);
    } finally {
      Object.assign(documents, { save: saveOne, saveAll });
    }
    expect(arrived).toBe(2);
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses, answers.map((response) => response.body).join('\n')).toEqual([200, 409]);
    const made = answers.find((response) => response.statusCode === 200)!.json() as { invoice: string };
    expect(answers.find((response) => response.statusCode === 409)!.json().invoice).toBe(made.invoice);
    expect(await count()).toBe(before + 1);
  });

  it("refuses an offer whose client was deleted since with a 400 naming the client, as a form's save would", async () => {
    const client = await save('client', { name: 'Weg AG' });
    const orphan = await save('offer', { name: 'Verwaist', client: client._id, date: '2026-01-18' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=client&id=${client._id}`,
      headers: t.auth(marco),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const before = await count();
    const refused = await create({ offer: orphan._id });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatch(/client/i);
    expect(refused.json()).not.toHaveProperty('index');
    expect(await count()).toBe(before);
  });

  it("keeps the invoice's offer the server's: a save cannot set or change it", async () => {
    const other = await save('offer', { name: 'Anderes Angebot', client: offer.client, date: '2026-01-16' });
    const made = (await create({ offer: other._id })).json() as { invoice: string };
    const stored = (
      await t.app.inject({
        method: 'GET',
        url: `/api/document/findById?model=invoice&id=${made.invoice}`,
        headers: t.auth(marco),
      })
    ).json() as Doc;
    const changed = await save('invoice', { _id: stored._id, _version: stored._version, offer: offer._id });
    expect(changed.offer).toBe(other._id);
  });

  it('refuses a caller who may not create invoices, a missing offer and a bad body, writing nothing', async () => {
    const before = await count();
    const refused = await create({ offer: offer._id }, staff);
    expect(refused.statusCode).toBe(403);
    const missing = await create({ offer: '6b08a2d65023c04f8a67a0a9' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/Offer .* not found/);
    const bad = await create({ offer: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    expect(typeof before).toBe('number');
    expect(await count()).toBe(before);
  });
});
