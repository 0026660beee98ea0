import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src/server/events/bus';
import { callerOf } from '../../src/server/access/caller';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { mirrorInverses } from '../../src/server/modules/documents/inverse';
import { documentCalls, type Doc } from '../helpers/documentCalls';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

// An invoice and the payment that settled it name each other (invoice.transaction, transaction.invoice), as
// the bank import links them. An accountant editing either side by hand keeps both sides consistent: the pair is
// declared with x-inverse in the two schemas (transaction.invoice shared: several payments may name one invoice).
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let marco: string;
let staff: string;
let client: string;

const { save, saved, read } = documentCalls(
  () => t,
  () => marco,
);
/** Both sides as stored: the invoice's transaction and each payment's invoice. */
const links = async (invoices: Doc[], payments: Doc[]) => ({
  invoices: await Promise.all(invoices.map(async (invoice) => (await read('invoice', invoice._id)).transaction)),
  payments: await Promise.all(payments.map(async (payment) => (await read('transaction', payment._id)).invoice)),
});

let number = 0;
const invoice = () =>
  saved('invoice', {
    name: `Rechnung ${++number}`,
    client,
    date: '2026-10-01',
    status: 'open',
    items: [{ name: 'Beratung', price: 1000, count: 1 }],
  });
const payment = (extra: object = {}) =>
  saved('transaction', {
    date: '2026-10-20',
    name: `Zahlung ${++number}`,
    amount: 1081,
    multiplier: 1,
    direction: 'incoming',
    ...extra,
  });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login();
  marco = (await userWithRole(t, admin, 'marco', 'accountant')).token;
  staff = (await userWithRole(t, admin, 'anna', 'staff')).token;
  client = (await saved('client', { name: 'Rheinblick Immobilien AG' }))._id;
});
afterAll(() => t?.close());

describe('invoice ↔ transaction links edited by hand', () => {
  it("sets, replaces and removes an invoice's transaction: the payments follow", async () => {
    const [a, b] = [await payment(), await payment()];
    const bill = await invoice();

    const linked = await saved('invoice', { ...bill, transaction: a._id });
    expect(await links([bill], [a, b])).toEqual({ invoices: [a._id], payments: [bill._id, undefined] });

    // Re-linked to another payment: the one named before no longer names the invoice.
    const relinked = await saved('invoice', { ...linked, transaction: b._id });
    expect(await links([bill], [a, b])).toEqual({ invoices: [b._id], payments: [undefined, bill._id] });

    // Unlinked (the form sends null for a cleared field).
    await saved('invoice', { ...relinked, transaction: null });
    expect(await links([bill], [a, b])).toEqual({ invoices: [undefined], payments: [undefined, undefined] });
  });

  it('creates an invoice with its payment, and moves a payment that settled another invoice', async () => {
    const paid = await payment();
    const first = await saved('invoice', {
      name: 'Erste',
      client,
      date: '2026-10-01',
      status: 'paid',
      items: [],
      transaction: paid._id,
    });
    expect(await links([first], [paid])).toEqual({ invoices: [paid._id], payments: [first._id] });

    // The payment was booked on the wrong invoice: naming it on the right one takes it from the first.
    const second = await saved('invoice', {
      name: 'Zweite',
      client,
      date: '2026-10-01',
      status: 'paid',
      items: [],
      transaction: paid._id,
    });
    expect(await links([first, second], [paid])).toEqual({ invoices: [undefined, paid._id], payments: [second._id] });
  });

  it("sets, moves and removes a payment's invoice: the invoices follow", async () => {
    const [one, two] = [await invoice(), await invoice()];
    const pay = await payment({ invoice: one._id });
    expect(await links([one, two], [pay])).toEqual({ invoices: [pay._id, undefined], payments: [one._id] });

    const moved = await saved('transaction', { ...(await read('transaction', pay._id)), invoice: two._id });
    expect(await links([one, two], [pay])).toEqual({ invoices: [undefined, pay._id], payments: [two._id] });

    await saved('transaction', { ...moved, invoice: null });
    expect(await links([one, two], [pay])).toEqual({ invoices: [undefined, undefined], payments: [undefined] });
  });

  it('keeps the payment that settled an invoice when another payment of it is linked, and links no outgoing one', async () => {
    const bill = await invoice();
    const settled = await payment({ invoice: bill._id });
    const more = await payment({ invoice: bill._id });
    const refund = await payment({ direction: 'outgoing', invoice: bill._id });
    expect(await links([bill], [settled, more, refund])).toEqual({
      invoices: [settled._id],
      payments: [bill._id, bill._id, bill._id],
    });

    // The settling payment leaves: the invoice lets go of it, and does not guess another one.
    await saved('transaction', { ...(await read('transaction', settled._id)), invoice: null });
    expect(await links([bill], [settled, more])).toEqual({ invoices: [undefined], payments: [undefined, bill._id] });

    // An outgoing payment cannot settle an invoice (its relation takes incoming ones): nothing is mirrored.
    const other = await invoice();
    await saved('transaction', { ...(await read('transaction', refund._id)), invoice: other._id });
    expect(await links([bill, other], [refund])).toEqual({ invoices: [undefined, undefined], payments: [other._id] });
  });

  it('announces the other side, answers it with a new version, and saves unchanged links without touching it', async () => {
    const pay = await payment();
    const bill = await invoice();
    const events: ServerEvent[] = [];
    const stop = t.app.services.bus.subscribe((event) => events.push(event));
    const linked = await saved('invoice', { ...bill, transaction: pay._id });
    stop();
    const changed = events.filter((event) => event.type === 'document').map((event) => [event.model, event.id]);
    expect(changed).toEqual([
      ['invoice', bill._id],
      ['transaction', pay._id],
    ]);
    expect((await read('transaction', pay._id))._version).toBe(pay._version + 1);

    // The form sends the whole document back: the same link again changes nothing on the other side.
    await saved('invoice', { ...linked, name: 'Umbenannt' });
    expect((await read('transaction', pay._id))._version).toBe(pay._version + 1);
  });

  it('refuses the whole write when the caller may not write the invoice, and leaves the payment as it was', async () => {
    const pay = await payment();
    const bill = await invoice();
    const refused = await save('invoice', { ...bill, transaction: pay._id }, staff);
    expect(refused.statusCode).toBe(403);
    expect(await links([bill], [pay])).toEqual({ invoices: [undefined], payments: [undefined] });
    // A payment that does not exist is refused before anything is linked.
    const missing = await save('invoice', { ...bill, transaction: '6b08a2d65023c04f8a67a0a9' });
    expect(missing.statusCode).toBe(400);
    expect(await links([bill], [pay])).toEqual({ invoices: [undefined], payments: [undefined] });
  });

  it("writes the other side only with the caller's own permission to update it, or not at all", async () => {
    const pay = await payment();
    const bill = await invoice();
    // The mirror itself, run for someone who may update no payments (both models need manage:payment today,
    // so only a caller made up here can get past the invoice's own check; tests/api/inverseRelations.test.ts
    // has models where a real caller can).
    const cms = callerOf({ _id: '6b08a2d65023c04f8a67a0b1', login: 'cms', roles: ['staff'] }, () => ['manage:cms']);
    const repo = new DocumentRepository(t.db, t.db);
    const run = repo.transaction((tx) =>
      mirrorInverses({
        tx,
        registry: t.app.services.registry,
        caller: cms,
        model: t.app.services.registry.models.invoice,
        doc: { ...bill, transaction: pay._id },
        existing: bill,
      }),
    );
    await expect(run).rejects.toMatchObject({
      status: 403,
      message: `transaction: Not allowed to update Transaction ${String(pay.name)}: this change sets its Invoice too, so nothing was saved`,
    });
    expect(await links([bill], [pay])).toEqual({ invoices: [undefined], payments: [undefined] });
  });
});

describe('deleting one side of an invoice ↔ payment link', () => {
  const remove = (model: string, id: string, token = marco) =>
    t.app.inject({ method: 'DELETE', url: `/api/document/delete?model=${model}&id=${id}`, headers: t.auth(token) });
  const documentEvents = async (run: () => Promise<unknown>) => {
    const events: ServerEvent[] = [];
    const stop = t.app.services.bus.subscribe((event) => events.push(event));
    await run();
    stop();
    return events.flatMap((event) => (event.type === 'document' ? [[event.model, event.id, event.action]] : []));
  };

  it('a deleted invoice is no longer named by its payments, each with a new version and an update event', async () => {
    const bill = await invoice();
    const settled = await payment({ invoice: bill._id });
    const more = await payment({ invoice: bill._id });
    const other = await payment();
    expect(await links([bill], [settled, more])).toEqual({ invoices: [settled._id], payments: [bill._id, bill._id] });
    const versions = [
      (await read('transaction', settled._id))._version,
      (await read('transaction', more._id))._version,
    ];

    const events = await documentEvents(async () => expect((await remove('invoice', bill._id)).statusCode).toBe(200));
    expect((await links([], [settled, more, other])).payments).toEqual([undefined, undefined, undefined]);
    expect(events).toHaveLength(3);
    expect(events).toContainEqual(['invoice', bill._id, 'delete']);
    expect(events).toContainEqual(['transaction', settled._id, 'update']);
    expect(events).toContainEqual(['transaction', more._id, 'update']);
    expect((await read('transaction', settled._id))._version).toBe(versions[0] + 1);
    expect((await read('transaction', more._id))._version).toBe(versions[1] + 1);
    // The payment that named nothing is left alone.
    expect((await read('transaction', other._id))._version).toBe(other._version);
  });

  it('a deleted payment is no longer named by the invoice it settled, with an update event', async () => {
    const bill = await invoice();
    const pay = await payment({ invoice: bill._id });
    const version = (await read('invoice', bill._id))._version;
    const events = await documentEvents(async () =>
      expect((await remove('transaction', pay._id)).statusCode).toBe(200),
    );
    expect((await read('invoice', bill._id)).transaction).toBeUndefined();
    expect((await read('invoice', bill._id))._version).toBe(version + 1);
    expect(events).toEqual([
      ['transaction', pay._id, 'delete'],
      ['invoice', bill._id, 'update'],
    ]);

    // A second payment of an invoice settled by another leaves that invoice's link alone.
    const second = await invoice();
    const first = await payment({ invoice: second._id });
    const extra = await payment({ invoice: second._id });
    const before = (await read('invoice', second._id))._version;
    expect((await remove('transaction', extra._id)).statusCode).toBe(200);
    expect(await read('invoice', second._id)).toMatchObject({ transaction: first._id, _version: before });
  });

  it('deletes nothing when the other side cannot be written (no partial write)', async () => {
    const bill = await invoice();
    const pay = await payment({ invoice: bill._id });
    // The payment's link is cleared with the caller's permission to update it: a caller who may delete
    // invoices but not update payments is refused as a whole, the invoice stays and the link with it.
    const deleter = callerOf({ _id: '6b08a2d65023c04f8a67a0b2', login: 'del', roles: ['staff'] }, () => ['manage:cms']);
    const repo = new DocumentRepository(t.db, t.db);
    const existing = await read('invoice', bill._id);
    const run = repo.transaction(async (tx) => {
      const gone = await tx.softDelete('invoice', bill._id);
      await mirrorInverses({
        tx,
        registry: t.app.services.registry,
        caller: deleter,
        model: t.app.services.registry.models.invoice,
        doc: gone!,
        existing,
        deleted: true,
      });
    });
    await expect(run).rejects.toMatchObject({ status: 403 });
    expect(await links([bill], [pay])).toEqual({ invoices: [pay._id], payments: [bill._id] });
  });
});
