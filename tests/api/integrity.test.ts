import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { DEMO_SITE_CONFIG } from '../../src/server/seed/demoData';
import { inspectPdf } from '../helpers/pdf';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.auth(await t.login());
});
afterAll(() => t?.close());

const save = (model: string, payload: object, headers: Headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/document/updateOne?model=${model}`, headers, payload });
const remove = (model: string, id: string, headers: Headers = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/document/delete?model=${model}&id=${id}`, headers });
const count = async (model: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: admin,
      payload: { model, page: 0, deleted: true },
    })
  ).json().total as number;
const ADDRESS = { street: 'Freie Strasse', streetNumber: '12', zip: '4001', city: 'Basel', country: 'Schweiz' };
const newClient = async (name: string) => {
  const response = await save('client', { name, address: ADDRESS });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
};
const invoiceFor = (client: string, extra: object = {}) => ({
  name: 'Beratung',
  client,
  date: '2026-11-01',
  status: 'open',
  items: [{ name: 'a', price: 10, count: 1 }],
  ...extra,
});
/** Every new user needs one. */
const PASSWORD = 'integrity-password-1';
const MISSING = '6b08a2d65023c04f8a67a0a9';

describe('sequence numbers (x-sequence) are unique', () => {
  it('refuses an invoice or offer number another document holds, and keeps the own number on update', async () => {
    const client = await newClient('Nummern AG');
    const first = (await save('invoice', invoiceFor(client))).json();
    expect(first.id).toBeTypeOf('number');

    const duplicate = await save('invoice', invoiceFor(client, { _id: 'new', id: first.id, name: 'Dup' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(`id: Number ${first.id} is already taken by another Invoice`);

    const second = (await save('invoice', invoiceFor(client, { name: 'Zweite' }))).json();
    expect(second.id).toBe(first.id + 1);
    const renumbered = await save('invoice', { ...second, id: first.id });
    expect(renumbered.statusCode).toBe(409);
    expect(renumbered.json().error).toMatch(/^id: /);
    // Saving with the number it has, or a free one, is fine.
    const kept = await save('invoice', { ...second, name: 'Zweite Rechnung' });
    expect(kept.statusCode, kept.body).toBe(200);
    const free = await save('invoice', { ...kept.json(), id: 500 });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().id).toBe(500);

    const offer = (await save('offer', { name: 'Angebot', client, date: '2026-11-01' })).json();
    // An offer's number is read-only: what a caller sends is ignored, only the server (import, seed) sets it.
    const sent = await save('offer', { name: 'Angebot 2', client, date: '2026-11-01', id: offer.id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().id).toBe(offer.id + 1);
    await expect(
      t.app.services.documents.save(SYSTEM, 'offer', { name: 'Angebot 3', client, date: '2026-11-01', id: offer.id }),
    ).rejects.toMatchObject({ status: 409, message: `id: Number ${offer.id} is already taken by another Offer` });
    // Every x-sequence field, not only invoices and offers: the client number.
    const clientNumber = (await t.app.services.documents.findById(SYSTEM, 'client', client)).id;
    const clientDup = await save('client', { name: 'Doppelt', id: clientNumber });
    expect(clientDup.statusCode).toBe(409);
    expect(clientDup.json().error).toMatch(/^id: /);
  });

  it('keeps the number of a deleted invoice taken (its PDF and payment reference exist)', async () => {
    const client = await newClient('Gelöscht GmbH');
    const invoice = (await save('invoice', invoiceFor(client))).json();
    expect((await remove('invoice', invoice._id)).statusCode).toBe(200);
    const reuse = await save('invoice', invoiceFor(client, { id: invoice.id }));
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().error).toBe(`id: Number ${invoice.id} is already taken by a deleted Invoice`);
    const next = (await save('invoice', invoiceFor(client))).json();
    expect(next.id).toBeGreaterThan(invoice.id);
  });

  it('refuses a number too large to count on from, and numbering goes on as before', async () => {
    const client = await newClient('Grosse Zahl AG');
    const before = (await save('invoice', invoiceFor(client))).json();
    const huge = await save('invoice', invoiceFor(client, { id: 1e29 }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe('id: must be at most 999999999');
    const after = (await save('invoice', invoiceFor(client))).json();
    expect(after.id).toBe(before.id + 1);
  });
});

describe('relations (x-relation) name existing documents', () => {
  it('refuses a made-up client id, naming the field, and writes nothing', async () => {
    const before = await count('invoice');
    const invoice = await save('invoice', invoiceFor(MISSING, { _id: 'new', name: 'T' }));
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json().error).toBe(`client: Client ${MISSING} not found`);
    expect(invoice.json().fields).toEqual([{ field: 'client', message: `Client ${MISSING} not found` }]);
    expect(await count('invoice')).toBe(before);

    const offer = await save('offer', { name: 'T', client: '0123456789abcdef01234567', date: '2026-11-01' });
    expect(offer.statusCode).toBe(400);
    expect(offer.json().error).toBe('client: Client 0123456789abcdef01234567 not found');
  });

  it('checks ids inside arrays and nested objects, and keys other than _id (role names)', async () => {
    const client = await newClient('Verschachtelt AG');
    const items = [
      { name: 'ok', price: 1, count: 1 },
      { name: 'bad', price: 1, count: 1, user: MISSING },
    ];
    const nested = await save('invoice', invoiceFor(client, { items }));
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error).toBe(`items.1.user: User ${MISSING} not found`);

    const projects = await save('user', { login: 'projektlos', password: PASSWORD, projects: [MISSING] });
    expect(projects.statusCode).toBe(400);
    expect(projects.json().error).toBe(`projects.0: Project ${MISSING} not found`);
    const roles = await save('user', { login: 'rollenlos', password: PASSWORD, roles: ['no-such-role'] });
    expect(roles.statusCode).toBe(400);
    expect(roles.json().error).toBe('roles.0: Role no-such-role not found');
    const avatar = await save('user', { login: 'bildlos', password: PASSWORD, avatar: { file: MISSING } });
    expect(avatar.statusCode).toBe(400);
    expect(avatar.json().error).toBe(`avatar.file: File ${MISSING} not found`);

    // Existing ones pass, with several ids of one target checked together.
    const project = (await save('project', { name: 'Projekt A' })).json()._id as string;
    const project2 = (await save('project', { name: 'Projekt B' })).json()._id as string;
    const user = await save('user', {
      login: 'mitprojekt',
      password: PASSWORD,
      projects: [project, project2],
      roles: ['superuser'],
    });
    expect(user.statusCode, user.body).toBe(200);
    const withItems = await save('invoice', invoiceFor(client, { items: [{ ...items[1], user: user.json()._id }] }));
    expect(withItems.statusCode, withItems.body).toBe(200);
  });

  it('keeps a stored reference to a deleted document, but refuses to set a new one', async () => {
    const client = await newClient('Bald weg AG');
    const invoice = (await save('invoice', invoiceFor(client))).json();
    expect((await remove('client', client)).statusCode).toBe(200);

    // The admin form sends every field back, the deleted client's id too: the other fields still save.
    const renamed = await save('invoice', { ...invoice, name: 'Umbenannt' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Umbenannt', client });

    const other = (await save('invoice', invoiceFor(await newClient('Andere AG')))).json();
    const moved = await save('invoice', { ...other, client });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toBe(`client: Client ${client} not found`);
    const created = await save('invoice', invoiceFor(client));
    expect(created.statusCode).toBe(400);

    // A list populating the client names it and says it is deleted.
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: admin,
      payload: { model: 'invoice', query: { _id: invoice._id }, populate: ['client'] },
    });
    expect(listed.json().results[0].client).toEqual({
      _id: client,
      name: 'Bald weg AG',
      _deletedAt: expect.stringMatching(/^\d{4}-/),
    });
  });
});

describe('PDFs of documents whose client was deleted', () => {
  it('still renders the invoice and offer PDF with the deleted client address', async () => {
    await t.app.services.documents.save(SYSTEM, 'siteConfig', DEMO_SITE_CONFIG);
    const client = await newClient('Bäckerei Gundeli');
    const invoice = (await save('invoice', invoiceFor(client))).json();
    const offer = (await save('offer', { name: 'Angebot', client, date: '2026-11-01' })).json();
    expect((await remove('client', client)).statusCode).toBe(200);

    const pdf = await t.app.inject({ url: `/api/payment/invoice?id=${invoice._id}`, headers: admin });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(inspectPdf(pdf.rawPayload).text).toContain('Bäckerei Gundeli');
    const offerPdf = await t.app.inject({ url: `/api/offer/${offer._id}`, headers: admin });
    expect(offerPdf.statusCode, offerPdf.body.slice(0, 200)).toBe(200);
    expect(inspectPdf(offerPdf.rawPayload).text).toContain('Bäckerei Gundeli');
  });
});

describe('writes do not reveal which ids exist', () => {
  let existing: string;
  let marco: Headers;
  let marcoId: string;
  let otherUser: string;
  let file: string;
  const NONE = '000000000000000000000000';

  beforeAll(async () => {
    existing = (await save('invoice', invoiceFor(await newClient('Orakel AG')))).json()._id;
    const accountant = await userWithRole(t, await t.login(), 'marco', 'accountant');
    marco = t.auth(accountant.token);
    marcoId = accountant.id;
    otherUser = (await userWithRole(t, await t.login(), 'hanna', null)).id;
    file = (await save('folder', { name: 'Geheim' })).json()._id;
  });

  it('answers 401 to anonymous deletes and updates, whether the id exists or not', async () => {
    for (const id of [existing, NONE]) {
      const deleted = await remove('invoice', id, {});
      expect(deleted.statusCode, id).toBe(401);
      expect(deleted.json().error).toBe('Log in to delete Invoice');
      const updated = await save('invoice', { _id: id, name: 'x' }, {});
      expect(updated.statusCode, id).toBe(401);
      expect(updated.json().error).toBe('Log in to update Invoice');
    }
    for (const id of [file, NONE]) {
      const patched = await t.app.inject({ method: 'POST', url: `/api/database/folder/${id}`, payload: { name: 'y' } });
      expect(patched.statusCode, id).toBe(401);
    }
  });

  it('answers 403 to a user without the permission, whether the id exists or not; owners still save', async () => {
    for (const id of [otherUser, NONE]) {
      const deleted = await remove('user', id, marco);
      expect(deleted.statusCode, id).toBe(403);
      const updated = await save('user', { _id: id, firstName: 'x' }, marco);
      expect(updated.statusCode, id).toBe(403);
      expect(updated.json().error).toBe('Not allowed to update User');
    }
    for (const id of [file, NONE]) {
      const patched = await t.app.inject({
        method: 'POST',
        url: `/api/database/folder/${id}`,
        headers: marco,
        payload: { name: 'y' },
      });
      expect(patched.statusCode, id).toBe(403);
    }
    const own = await save('user', { _id: marcoId, firstName: 'Marco' }, marco);
    expect(own.statusCode, own.body).toBe(200);
    // With the permission, a missing id is still a plain 404.
    expect((await remove('invoice', NONE, marco)).statusCode).toBe(404);
  });
});

describe('point-of-sale receipts keep their total a number', () => {
  it('refuses a price or count too large to add up, naming the item field, and writes nothing', async () => {
    const register = (await save('pointOfSale', { name: 'Kasse Empfang' })).json()._id as string;
    const receipt = (items: object[]) => ({ register, date: '2026-11-27T08:00:00.000Z', paymentMethod: 'cash', items });
    const before = await count('posReceipt');
    // 1e308 x 10 is Infinity: the answer named the read-only total ('total: must be a number').
    const huge = await save('posReceipt', receipt([{ name: 'Kaffee', price: 1e308, count: 10 }]));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe('items.0.price: must be at most 1.000.000,00 CHF');
    const many = await save('posReceipt', receipt([{ name: 'Kaffee', price: 4.5, count: 1e12 }]));
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toBe('items.0.count: must be at most 100000');
    expect(await count('posReceipt')).toBe(before);
    // A discount line is negative; the largest allowed lines still add up.
    const ok = await save(
      'posReceipt',
      receipt([
        { name: 'Kaffee', price: 1000000, count: 100000 },
        { name: 'Rabatt', price: -2.5, count: 1 },
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().total).toBe(99999999997.5);
  });
});

describe('invoice and offer lines are bounded like receipt lines', () => {
  it('refuses a price or count too large, naming the line field, and writes nothing', async () => {
    const client = (await save('client', { name: 'Grossauftrag AG' })).json()._id as string;
    for (const model of ['invoice', 'offer']) {
      const before = await count(model);
      const doc = (items: object[]) => ({ name: 'Grosser Auftrag', client, date: '2026-11-27', items });
      const huge = await save(model, doc([{ name: 'Beratung', price: 1e308, count: 10 }]));
      expect(huge.statusCode).toBe(400);
      expect(huge.json().error).toBe('items.0.price: must be at most 1.000.000,00 €');
      const many = await save(model, doc([{ name: 'Beratung', price: 120, count: 1e12 }]));
      expect(many.json().error).toBe('items.0.count: must be at most 100000');
      expect(await count(model)).toBe(before);
      // A credit or discount line is negative.
      const ok = await save(
        model,
        doc([
          { name: 'Beratung', price: 120, count: 2 },
          { name: 'Rabatt', price: -40, count: 1 },
        ]),
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().total).toBe(200);
    }
  });
});

describe('a transaction multiplier is more than 0', () => {
  it('refuses 0 or a negative multiplier at the field and writes nothing; 1 when left out', async () => {
    const payment = (extra: object) => ({
      date: '2026-11-20',
      name: 'Zahlungseingang',
      amount: 1081,
      direction: 'incoming',
      ...extra,
    });
    const before = await count('transaction');
    for (const multiplier of [0, -1.2]) {
      const refused = await save('transaction', payment({ multiplier }));
      expect(refused.statusCode, String(multiplier)).toBe(400);
      expect(refused.json().error).toBe('multiplier: must be more than 0');
      expect(refused.json().fields).toEqual([{ field: 'multiplier', message: 'must be more than 0' }]);
    }
    expect(await count('transaction')).toBe(before);
    // An update to 0 is refused the same way, and the stored multiplier stays.
    const kept = await save('transaction', payment({ multiplier: 1.2 }));
    expect(kept.statusCode, kept.body).toBe(200);
    const zeroed = await save('transaction', { ...kept.json(), multiplier: 0 });
    expect(zeroed.statusCode).toBe(400);
    const fresh = await save('transaction', payment({}));
    expect(fresh.json().multiplier).toBe(1);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/document/findById?model=transaction&id=${kept.json()._id}`,
          headers: admin,
        })
      ).json().multiplier,
    ).toBe(1.2);
  });
});
