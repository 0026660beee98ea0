import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src/server/events/bus';
import { SYSTEM } from '../../src/server/access/caller';
import { DEMO_SITE_CONFIG } from '../../src/server/seed/demoData';
import { documentCalls, type Doc } from '../helpers/documentCalls';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

// A payment an accountant enters by hand (the transaction form) with its invoice settles the invoice as the bank
// import does: once the EUR paid reach the gross amount due (1000 € + 8.1 % VAT = 1081 €), the invoice is paid and
// names the payment that reached it. Francs alone never settle it; unlinking or deleting the payment that paid it
// sets it open again, unless the other payments still cover it.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let marco: string;
let client: string;

const { saved, read } = documentCalls(
  () => t,
  () => marco,
);

let number = 0;
const invoice = () =>
  saved('invoice', {
    name: `Rechnung ${++number}`,
    client,
    date: '2026-10-01',
    status: 'open',
    items: [{ name: 'Beratung', price: 1000, count: 1 }],
  });
const payment = (extra: object) =>
  saved('transaction', { date: '2026-10-20', name: `Zahlung ${++number}`, direction: 'incoming', ...extra });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login();
  await t.app.services.documents.save(SYSTEM, 'siteConfig', DEMO_SITE_CONFIG);
  marco = (await userWithRole(t, admin, 'marco', 'accountant')).token;
  client = (await saved('client', { name: 'Rheinblick Immobilien AG' }))._id;
});
afterAll(() => t?.close());

describe('a payment saved by hand settles its invoice', () => {
  it('sets the invoice paid when its EUR amount covers the gross amount due, naming it, with an update event', async () => {
    const bill = await invoice();
    const events: ServerEvent[] = [];
    const stop = t.app.services.bus.subscribe((event) => events.push(event));
    const pay = await payment({ amount: 1010.5, foreignAmount: 1081, invoice: bill._id });
    stop();
    const stored = await read('invoice', bill._id);
    expect(stored).toMatchObject({ status: 'paid', transaction: pay._id });
    expect(stored._version).toBe(bill._version + 1);
    const changed = events.flatMap((event) =>
      event.type === 'document' ? [[event.model, event.id, event.action]] : [],
    );
    expect(changed).toEqual([
      ['transaction', pay._id, 'create'],
      ['invoice', bill._id, 'update'],
    ]);
  });

  it('keeps it open while the EUR paid fall short, and the payment reaching the amount pays it', async () => {
    const bill = await invoice();
    const first = await payment({ amount: 560, foreignAmount: 600, invoice: bill._id });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'open', transaction: first._id });
    const second = await payment({ amount: 450, foreignAmount: 481, invoice: bill._id });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'paid', transaction: second._id });
  });

  it('does not count francs against the euros due: a CHF-only payment leaves the invoice open', async () => {
    const bill = await invoice();
    await payment({ amount: 5000, invoice: bill._id });
    expect((await read('invoice', bill._id)).status).toBe('open');
    // The EUR amount entered later on the same payment settles it.
    const [pay] = (
      await t.app.services.documents.find(SYSTEM, 'transaction', { query: { invoice: bill._id }, limit: 5 })
    ).results as Doc[];
    await saved('transaction', { ...pay, foreignAmount: 1081 });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'paid', transaction: pay._id });
  });

  it('settles when an existing payment is linked to the invoice afterwards; an outgoing one never does', async () => {
    const bill = await invoice();
    const outgoing = await payment({ direction: 'outgoing', amount: 1200, foreignAmount: 1200 });
    await saved('transaction', { ...outgoing, invoice: bill._id });
    expect((await read('invoice', bill._id)).status).toBe('open');
    const pay = await payment({ amount: 1100, foreignAmount: 1200 });
    await saved('transaction', { ...(await read('transaction', pay._id)), invoice: bill._id });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'paid', transaction: pay._id });
  });

  it('sets the invoice open again when the payment that paid it is unlinked, moved or deleted', async () => {
    const bill = await invoice();
    const pay = await payment({ foreignAmount: 1081, invoice: bill._id });
    expect((await read('invoice', bill._id)).status).toBe('paid');
    await saved('transaction', { ...(await read('transaction', pay._id)), invoice: null });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'open' });
    expect((await read('invoice', bill._id)).transaction).toBeUndefined();

    // Moved to another invoice: that one is paid, the first is open again.
    const first = await invoice();
    const second = await invoice();
    const moved = await payment({ foreignAmount: 1081, invoice: first._id });
    await saved('transaction', { ...(await read('transaction', moved._id)), invoice: second._id });
    expect(await read('invoice', first._id)).toMatchObject({ status: 'open' });
    expect(await read('invoice', second._id)).toMatchObject({ status: 'paid', transaction: moved._id });

    const other = await invoice();
    const pays = await payment({ foreignAmount: 1081, invoice: other._id });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=transaction&id=${pays._id}`,
      headers: t.auth(marco),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await read('invoice', other._id)).toMatchObject({ status: 'open' });
  });

  it('keeps it paid when the other payments still cover it (naming the one that pays), or when paid by hand', async () => {
    const bill = await invoice();
    const early = await payment({ foreignAmount: 600, invoice: bill._id });
    const late = await payment({ foreignAmount: 600, invoice: bill._id });
    const extra = await payment({ foreignAmount: 500, invoice: bill._id });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'paid', transaction: late._id });
    await saved('transaction', { ...(await read('transaction', late._id)), invoice: null });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'paid', transaction: extra._id });
    expect((await read('transaction', early._id)).invoice).toBe(bill._id);

    // Set paid by hand while a partial payment names it: unlinking that payment leaves the person's choice.
    const cash = await invoice();
    const part = await payment({ foreignAmount: 300, invoice: cash._id });
    await saved('invoice', { ...(await read('invoice', cash._id)), status: 'paid' });
    await saved('transaction', { ...(await read('transaction', part._id)), invoice: null });
    expect((await read('invoice', cash._id)).status).toBe('paid');
  });

  it('leaves an invoice set open by hand as it is when its payment is edited in name only (free choice)', async () => {
    const bill = await invoice();
    const pay = await payment({ foreignAmount: 1081, invoice: bill._id });
    await saved('invoice', { ...(await read('invoice', bill._id)), status: 'open' });
    await saved('transaction', { ...(await read('transaction', pay._id)), name: 'Umbenannt' });
    expect((await read('invoice', bill._id)).status).toBe('open');
  });
});

// The same link made from the invoice's side (its Transaction field, in the edit form or by the API) settles it
// as the payment's side does: the rule is the payment's, and a payment linked by its invoice is a payment saved.
describe('a payment linked from its invoice settles it as from the payment', () => {
  it("sets the invoice paid, in the save's answer too, with one update event per document", async () => {
    const bill = await invoice();
    const pay = await payment({ amount: 1010.5, foreignAmount: 1081 });
    const events: ServerEvent[] = [];
    const stop = t.app.services.bus.subscribe((event) => events.push(event));
    const answer = await saved('invoice', { ...bill, transaction: pay._id });
    stop();
    const stored = await read('invoice', bill._id);
    expect(stored).toMatchObject({ status: 'paid', transaction: pay._id });
    expect(answer).toMatchObject({ status: 'paid', transaction: pay._id, _version: stored._version });
    expect((await read('transaction', pay._id)).invoice).toBe(bill._id);
    const changed = events.flatMap((event) =>
      event.type === 'document' ? [[event.model, event.id, event.action, (event.doc as Doc).status]] : [],
    );
    expect(changed).toEqual([
      ['invoice', bill._id, 'update', 'paid'],
      ['transaction', pay._id, 'update', undefined],
    ]);
  });

  it('counts the other payments naming the invoice; one that falls short leaves it open', async () => {
    const bill = await invoice();
    // The invoice names the first payment (300 €); a second one (600 €) names the invoice only.
    const first = await payment({ amount: 280, foreignAmount: 300, invoice: bill._id });
    const second = await payment({ amount: 560, foreignAmount: 600, invoice: bill._id });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'open', transaction: first._id });
    // Naming a third instead lets go of the first: 600 € + 481 € reach the 1081 € due.
    const third = await payment({ amount: 450, foreignAmount: 481 });
    await saved('invoice', { ...(await read('invoice', bill._id)), transaction: third._id });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'paid', transaction: third._id });
    expect((await read('transaction', first._id)).invoice).toBeUndefined();
    expect((await read('transaction', second._id)).invoice).toBe(bill._id);

    const fresh = await invoice();
    const short = await payment({ amount: 560, foreignAmount: 600 });
    await saved('invoice', { ...fresh, transaction: short._id });
    expect(await read('invoice', fresh._id)).toMatchObject({ status: 'open', transaction: short._id });
  });

  it('settles a new invoice created with its payment; francs alone leave it open', async () => {
    const pay = await payment({ foreignAmount: 1081 });
    const created = await saved('invoice', {
      name: `Rechnung ${++number}`,
      client,
      date: '2026-10-01',
      status: 'open',
      items: [{ name: 'Beratung', price: 1000, count: 1 }],
      transaction: pay._id,
    });
    expect(created.status).toBe('paid');
    expect(await read('invoice', created._id)).toMatchObject({ status: 'paid', transaction: pay._id });

    const bill = await invoice();
    const francs = await payment({ amount: 5000 });
    await saved('invoice', { ...bill, transaction: francs._id });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'open', transaction: francs._id });
  });

  it("sets it open again when its Transaction is cleared (the form's '—'), in the save's answer too", async () => {
    const bill = await invoice();
    const pay = await payment({ foreignAmount: 1081 });
    await saved('invoice', { ...bill, transaction: pay._id });
    const paid = await read('invoice', bill._id);
    expect(paid.status).toBe('paid');
    // The form sends the status it shows (Paid) with the cleared link.
    const answer = await saved('invoice', { ...paid, transaction: null });
    const stored = await read('invoice', bill._id);
    expect(stored.status).toBe('open');
    expect(stored.transaction).toBeUndefined();
    expect(answer).toMatchObject({ status: 'open', _version: stored._version });
    expect((await read('transaction', pay._id)).invoice).toBeUndefined();
    // Set paid again by hand without a payment: a free choice, kept.
    await saved('invoice', { ...stored, status: 'paid' });
    expect((await read('invoice', bill._id)).status).toBe('paid');
  });

  it('leaves an invoice set open by hand as it is when saved again with the payment it names', async () => {
    const bill = await invoice();
    const pay = await payment({ foreignAmount: 1081, invoice: bill._id });
    await saved('invoice', { ...(await read('invoice', bill._id)), status: 'open' });
    await saved('invoice', { ...(await read('invoice', bill._id)), name: 'Umbenannt' });
    expect(await read('invoice', bill._id)).toMatchObject({ status: 'open', transaction: pay._id });
  });
});
