import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankStatementAnswer } from '../../src/shared/api/payment';
import { SYSTEM } from '../../src/server/access/caller';
import type { ServerEvent } from '../../src/server/events/bus';
import { amountDue, commitBookings, createBooker } from '../../src/server/modules/payment/bankBooking';
import { invoiceReference } from '../../src/server/modules/payment/qrReference';
import { DEMO_SITE_CONFIG } from '../../src/server/seed/demoData';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';
import { camt053, camt054 } from '../helpers/camt';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('bank statement import (camt.053 and camt.054)', () => {
  let t: TestApp;
  let admin: string;
  const invoices: Record<string, { _id: string; id: number }> = {};

  const post = (xml: string, contentType = 'application/xml') =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/bankStatement',
      headers: { ...t.auth(admin), 'content-type': contentType },
      payload: xml,
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    await t.app.services.documents.save(SYSTEM, 'siteConfig', DEMO_SITE_CONFIG);
    const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Rheinblick AG' }))._id;
    for (const [name, price] of [
      ['a', 1000],
      ['b', 500],
      ['c', 200],
      ['d', 100],
      ['e', 300],
      ['f', 400],
      ['g', 50],
    ] as const) {
      const saved = await t.app.services.documents.save(SYSTEM, 'invoice', {
        name,
        client,
        date: '2026-03-01',
        items: [{ name: 'Beratung', count: 1, price }],
      });
      invoices[name] = { _id: saved._id, id: Number(saved.id) };
    }
  });
  afterAll(() => t?.close());

  it('pays the invoice a reference names, suggests by amount and name, and books nothing twice', async () => {
    const reference = invoiceReference('CH4431999123000889012', invoices.a.id);
    const xml = camt054([
      { id: 'BANK-1', amount: '1081.00', reference, debtor: 'Rheinblick AG', date: '2026-04-09' },
      // No reference, but invoice c's amount due (200 + 8.1 % VAT) and its client's name: a suggestion.
      { id: 'BANK-2', amount: '216.20', debtor: 'RHEINBLICK AG', date: '2026-04-09' },
      { id: 'BANK-3', amount: '42.00', debtor: 'Unbekannt', date: '2026-04-09' },
    ]);
    const first = await post(xml);
    expect(first.statusCode, first.body).toBe(200);
    const answer: BankStatementAnswer = first.json();
    expect(answer.matched).toEqual([
      expect.objectContaining({ amount: 1081, reference, invoice: invoices.a._id, invoiceNumber: invoices.a.id }),
    ]);
    expect(answer.suggested).toEqual([expect.objectContaining({ amount: 216.2, invoice: invoices.c._id })]);
    expect(answer.unmatched).toEqual([expect.objectContaining({ amount: 42, debtor: 'Unbekannt' })]);

    const paid = await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.a._id);
    expect(paid.status).toBe('paid');
    const transaction = await t.app.services.documents.findById(SYSTEM, 'transaction', paid.transaction as string);
    // A euro credit without an exchange rate: the euros in foreignAmount, no CHF amount made up.
    expect(transaction).toMatchObject({
      foreignAmount: 1081,
      date: '2026-04-09',
      direction: 'incoming',
      invoice: invoices.a._id,
    });
    expect(transaction.amount).toBeUndefined();
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.c._id)).status).toBe('open');

    const again: BankStatementAnswer = (await post(xml, 'text/xml')).json();
    expect(again).toMatchObject({ matched: [], alreadyBooked: 1 });
    const { results } = await t.app.services.documents.find(SYSTEM, 'transaction', { limit: 100 });
    expect(results).toHaveLength(1);

    // The same invoice paid a second time (another booking): not booked, and the answer says why.
    const twice: BankStatementAnswer = (
      await post(
        camt054([{ id: 'BANK-1B', amount: '1081.00', reference, debtor: 'Rheinblick AG', date: '2026-04-10' }]),
      )
    ).json();
    expect(twice.unmatched).toEqual([
      expect.objectContaining({
        amount: 1081,
        reason: `Not booked: no open invoice has number ${invoices.a.id} (already paid, or deleted); check it and book it by hand`,
      }),
    ]);
  });

  it('reads names with XML entities and character references as text', async () => {
    const xml = camt054([
      { id: 'BANK-ENT', amount: '12.34', debtor: 'M&#xFC;ller &amp; S&#246;hne &lt;AG&gt;', date: '2026-04-11' },
    ]);
    const answer: BankStatementAnswer = (await post(xml)).json();
    expect(answer.unmatched).toEqual([expect.objectContaining({ amount: 12.34, debtor: 'Müller & Söhne <AG>' })]);
  });

  it('refuses a malformed or foreign file with 400 and changes nothing', async () => {
    const before = (await t.app.services.documents.find(SYSTEM, 'transaction', { limit: 100 })).results.length;
    const broken = await post('<Document><BkToCstmrDbtCdtNtfctn><Ntfctn>');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/^Bank statement not readable: Not well-formed XML/);
    const foreign = await post('<?xml version="1.0"?><Document><CstmrCdtTrfInitn/></Document>');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatch(/Not a camt.053 or camt.054 document/);
    const reference = invoiceReference('CH4431999123000889012', invoices.b.id);
    const halfBad = camt054([
      { id: 'BANK-9', amount: '540.50', reference, debtor: 'Rheinblick AG', date: '2026-04-09' },
      { id: 'BANK-10', amount: 'zwölf', debtor: 'X', date: '2026-04-09' },
    ]);
    expect((await post(halfBad)).statusCode).toBe(400);
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.b._id)).status).toBe('open');
    expect((await t.app.services.documents.find(SYSTEM, 'transaction', { limit: 100 })).results).toHaveLength(before);
  });

  it('reads a camt.053 account statement the same way', async () => {
    const reference = invoiceReference('CH4431999123000889012', invoices.b.id);
    const xml = camt053([{ id: 'BANK-53', amount: '540.50', reference, debtor: 'Rheinblick AG', date: '2026-04-11' }]);
    expect(xml).toContain('<BkToCstmrStmt>');
    expect(xml).not.toContain('Ntfctn');
    const answer: BankStatementAnswer = (await post(xml)).json();
    expect(answer.matched).toEqual([
      expect.objectContaining({ amount: 540.5, reference, invoice: invoices.b._id, invoiceNumber: invoices.b.id }),
    ]);
    const paid = await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.b._id);
    expect(paid.status).toBe('paid');
    const transaction = await t.app.services.documents.findById(SYSTEM, 'transaction', paid.transaction as string);
    expect(transaction).toMatchObject({ foreignAmount: 540.5, date: '2026-04-11', direction: 'incoming' });
    expect((await post(xml)).json()).toMatchObject({ matched: [], alreadyBooked: 1 });
  });

  const transactionsOf = async (invoice: string) =>
    (await t.app.services.documents.find(SYSTEM, 'transaction', { query: { invoice }, limit: 100 })).results;
  const revenue = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/payment/revenue?year=2026',
      headers: t.auth(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { income: number };
  };

  it('books less than the amount due as a partial payment: the invoice stays open until the payments reach it', async () => {
    // Invoice d: 100 net, 108.10 gross.
    const reference = invoiceReference('CH4431999123000889012', invoices.d.id);
    const first = await post(
      camt054([{ id: 'PART-1', amount: '1.00', reference, debtor: 'Rheinblick AG', date: '2026-04-12' }]),
    );
    expect(first.statusCode, first.body).toBe(200);
    const answer: BankStatementAnswer = first.json();
    expect(answer.matched).toEqual([]);
    expect(answer.partial).toEqual([
      expect.objectContaining({
        amount: 1,
        invoice: invoices.d._id,
        invoiceNumber: invoices.d.id,
        due: 108.1,
        received: 1,
      }),
    ]);
    const open = await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.d._id);
    expect(open.status).toBe('open');
    expect(open.transaction).toBeUndefined();
    expect(await transactionsOf(invoices.d._id)).toEqual([
      expect.objectContaining({ foreignAmount: 1, direction: 'incoming', bankReference: 'PART-1' }),
    ]);

    // Two more credits in one file: the first still leaves 57.10 open, the second reaches the amount due.
    const rest = camt054([
      { id: 'PART-2', amount: '50.00', reference, debtor: 'Rheinblick AG', date: '2026-04-13' },
      { id: 'PART-3', amount: '57.10', reference, debtor: 'Rheinblick AG', date: '2026-04-14' },
    ]);
    const second: BankStatementAnswer = (await post(rest)).json();
    expect(second.partial).toEqual([expect.objectContaining({ amount: 50, due: 108.1, received: 51 })]);
    expect(second.matched).toEqual([expect.objectContaining({ amount: 57.1, invoice: invoices.d._id })]);
    const paid = await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.d._id);
    expect(paid.status).toBe('paid');
    const last = await t.app.services.documents.findById(SYSTEM, 'transaction', paid.transaction as string);
    expect(last).toMatchObject({ foreignAmount: 57.1, bankReference: 'PART-3' });
    expect(await transactionsOf(invoices.d._id)).toHaveLength(3);

    // Importing both files again books nothing.
    expect((await post(rest)).json()).toMatchObject({ matched: [], partial: [], alreadyBooked: 2 });
    expect(
      (await post(camt054([{ id: 'PART-1', amount: '1.00', reference, debtor: 'X', date: '2026-04-12' }]))).json(),
    ).toMatchObject({ matched: [], partial: [], alreadyBooked: 1 });
    expect(await transactionsOf(invoices.d._id)).toHaveLength(3);
  });

  it('pays an invoice with exactly the gross amount due', async () => {
    // Invoice g: 50 net, 54.05 gross (VAT 4.05).
    const reference = invoiceReference('CH4431999123000889012', invoices.g.id);
    const answer: BankStatementAnswer = (
      await post(camt054([{ id: 'EXACT-1', amount: '54.05', reference, debtor: 'Rheinblick AG', date: '2026-04-15' }]))
    ).json();
    expect(answer).toMatchObject({ partial: [], matched: [expect.objectContaining({ invoice: invoices.g._id })] });
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.g._id)).status).toBe('paid');
    expect(answer.matched[0].reason).toBeUndefined();
  });

  it('pays an invoice with more than is due, and says how much more', async () => {
    const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Grosszügig AG' }))._id;
    const invoice = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'Zu viel',
      client,
      date: '2026-03-01',
      items: [{ name: 'Beratung', count: 1, price: 200 }],
    });
    const reference = invoiceReference('CH4431999123000889012', Number(invoice.id));
    const answer: BankStatementAnswer = (
      await post(camt054([{ id: 'OVER-1', amount: '300.00', reference, debtor: 'Grosszügig AG', date: '2026-04-15' }]))
    ).json();
    expect(answer.matched).toEqual([
      expect.objectContaining({ invoice: invoice._id, reason: '83,80 € more than the 216,20 € due' }),
    ]);
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id)).status).toBe('paid');
  });

  it('keeps euros out of the CHF amount: the revenue counts CHF only, converted with the rate the file gives', async () => {
    const before = (await revenue()).income;
    // Invoice e: 300 net, 324.30 gross, paid in euros with no exchange rate in the file.
    const referenceE = invoiceReference('CH4431999123000889012', invoices.e.id);
    const euros: BankStatementAnswer = (
      await post(
        camt054([
          { id: 'EUR-1', amount: '324.30', reference: referenceE, debtor: 'Rheinblick AG', date: '2026-04-16' },
        ]),
      )
    ).json();
    expect(euros.matched).toEqual([
      expect.objectContaining({ amount: 324.3, currency: 'EUR', invoice: invoices.e._id }),
    ]);
    const [paymentE] = await transactionsOf(invoices.e._id);
    expect(paymentE).toMatchObject({ foreignAmount: 324.3, direction: 'incoming' });
    expect(paymentE.amount).toBeUndefined();
    expect((await revenue()).income).toBe(before);

    // Invoice f: 400 net, 432.40 gross, in euros with the bank's exchange rate (1 EUR = 0.9412 CHF: 406.97 CHF).
    const referenceF = invoiceReference('CH4431999123000889012', invoices.f.id);
    const rate = `<AmtDtls><TxAmt><Amt Ccy="EUR">432.40</Amt><CcyXchg><SrcCcy>EUR</SrcCcy><TrgtCcy>CHF</TrgtCcy>
      <UnitCcy>EUR</UnitCcy><XchgRate>0.9412</XchgRate></CcyXchg></TxAmt></AmtDtls>`;
    await post(
      camt054([
        {
          id: 'EUR-2',
          amount: '432.40',
          reference: referenceF,
          debtor: 'Rheinblick AG',
          date: '2026-04-16',
          details: rate,
        },
      ]),
    );
    const [paymentF] = await transactionsOf(invoices.f._id);
    expect(paymentF).toMatchObject({ foreignAmount: 432.4, amount: 406.97 });
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.f._id)).status).toBe('paid');
    expect((await revenue()).income).toBeCloseTo(before + 406.97, 2);
  });

  it('books a CHF credit in amount, and does not book other currencies', async () => {
    const before = (await revenue()).income;
    const invoice = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'h',
      client: (await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.a._id)).client,
      date: '2026-03-01',
      items: [{ name: 'Beratung', count: 1, price: 100 }],
    });
    const reference = invoiceReference('CH4431999123000889012', Number(invoice.id));
    const answer: BankStatementAnswer = (
      await post(
        camt054([
          // Francs cannot be compared with the invoice's euros: booked, linked, the invoice stays open.
          { id: 'CHF-1', amount: '101.60', currency: 'CHF', reference, debtor: 'Rheinblick AG', date: '2026-04-17' },
          { id: 'USD-1', amount: '117.00', currency: 'USD', reference, debtor: 'Rheinblick AG', date: '2026-04-17' },
        ]),
      )
    ).json();
    expect(answer.matched).toEqual([]);
    expect(answer.partial).toEqual([
      expect.objectContaining({
        amount: 101.6,
        currency: 'CHF',
        invoice: invoice._id,
        reason: expect.stringMatching(/CHF/),
      }),
    ]);
    expect(answer.unmatched).toEqual([
      expect.objectContaining({ amount: 117, currency: 'USD', reason: expect.stringMatching(/USD.*only CHF and EUR/) }),
    ]);
    const booked = await transactionsOf(invoice._id);
    expect(booked).toEqual([expect.objectContaining({ amount: 101.6, bankReference: 'CHF-1' })]);
    expect(booked[0].foreignAmount).toBeUndefined();
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id)).status).toBe('open');
    expect((await revenue()).income).toBeCloseTo(before + 101.6, 2);
  });

  it('says when a suggestion has a twin: another open invoice of the client with the same amount', async () => {
    const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Zwilling GmbH' }))._id;
    const twins = [];
    for (const name of ['t1', 't2', 't3'])
      twins.push(
        await t.app.services.documents.save(SYSTEM, 'invoice', {
          name,
          client,
          date: '2026-03-02',
          items: [{ name: 'Beratung', count: 1, price: 700 }],
        }),
      );
    const answer: BankStatementAnswer = (
      await post(camt054([{ id: 'TWIN-1', amount: '756.70', debtor: 'Zwilling GmbH', date: '2026-04-18' }]))
    ).json();
    expect(answer.suggested).toEqual([
      expect.objectContaining({
        invoice: twins[0]._id,
        reason: `Invoices ${String(twins[1].id)}, ${String(twins[2].id)} of this client are open with the same amount: check which one it pays`,
      }),
    ]);
  });

  it('names an earlier payment in CHF on a partial payment in EUR (it cannot count against the euros)', async () => {
    const invoice = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'mixed',
      client: (await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.a._id)).client,
      date: '2026-03-01',
      items: [{ name: 'Beratung', count: 1, price: 100 }],
    });
    const reference = invoiceReference('CH4431999123000889012', Number(invoice.id));
    const answer: BankStatementAnswer = (
      await post(
        camt054([
          { id: 'MIX-1', amount: '50.00', currency: 'CHF', reference, debtor: 'Rheinblick AG', date: '2026-04-19' },
          { id: 'MIX-2', amount: '20.00', reference, debtor: 'Rheinblick AG', date: '2026-04-20' },
        ]),
      )
    ).json();
    expect(answer.partial).toEqual([
      expect.objectContaining({ currency: 'CHF', reason: expect.stringMatching(/^Paid in CHF/) }),
      expect.objectContaining({
        amount: 20,
        received: 20,
        due: 108.1,
        reason:
          'Also linked: 50,00 CHF paid in CHF, not counted against the EUR due; check it and set the invoice paid by hand',
      }),
    ]);
  });

  it('pays with a CHF credit whose instructed amount in EUR the file gives', async () => {
    const invoice = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'i',
      client: (await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.a._id)).client,
      date: '2026-03-01',
      items: [{ name: 'Beratung', count: 1, price: 100 }],
    });
    const reference = invoiceReference('CH4431999123000889012', Number(invoice.id));
    const details = '<AmtDtls><InstdAmt><Amt Ccy="EUR">108.10</Amt></InstdAmt></AmtDtls>';
    const answer: BankStatementAnswer = (
      await post(
        camt054([
          {
            id: 'CHF-2',
            amount: '101.71',
            currency: 'CHF',
            reference,
            debtor: 'Rheinblick AG',
            date: '2026-04-18',
            details,
          },
        ]),
      )
    ).json();
    expect(answer).toMatchObject({ partial: [], matched: [expect.objectContaining({ invoice: invoice._id })] });
    expect(await transactionsOf(invoice._id)).toEqual([
      expect.objectContaining({ amount: 101.71, foreignAmount: 108.1 }),
    ]);
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id)).status).toBe('paid');
  });

  it('lets a transaction leave the CHF amount empty only when it has the EUR amount', async () => {
    const save = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/document/updateOne?model=transaction',
        headers: t.auth(admin),
        payload: { _id: 'new', date: '2026-04-20', name: 'Eingang', direction: 'incoming', ...body },
      });
    const neither = await save({});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error).toBe('amount: is required');
    expect((await save({ foreignAmount: 10 })).statusCode).toBe(200);
    expect((await save({ amount: 9.5 })).statusCode).toBe(200);
  });

  describe('one import is all or nothing', () => {
    /** Documents events of payments and invoices the bus sends while `run` runs. */
    async function eventsDuring<T>(run: () => Promise<T>): Promise<{ result: T; events: ServerEvent[] }> {
      const events: ServerEvent[] = [];
      const stop = t.app.services.bus.subscribe((event) => {
        if (event.type === 'document' && ['transaction', 'invoice'].includes(event.model)) events.push(event);
      });
      try {
        return { result: await run(), events };
      } finally {
        stop();
      }
    }
    const withBankIds = async (ids: string[]) =>
      (await t.app.services.documents.find(SYSTEM, 'transaction', { query: { bankReference: { $in: ids } } })).results;
    const statusOf = async (invoice: { _id: string }) =>
      (await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id)).status;

    /** Three open invoices of one client (100, 200 and 300 net: 108.10, 216.20 and 324.30 € due) and their references. */
    async function threeInvoices(name: string) {
      const client = (await t.app.services.documents.save(SYSTEM, 'client', { name }))._id;
      const made = [];
      for (const price of [100, 200, 300]) {
        const invoice = await t.app.services.documents.save(SYSTEM, 'invoice', {
          name: `${name} ${price}`,
          client,
          date: '2026-03-10',
          items: [{ name: 'Beratung', count: 1, price }],
        });
        made.push({ ...invoice, reference: invoiceReference('CH4431999123000889012', Number(invoice.id)) });
      }
      return made;
    }

    it('books nothing when a credit after the first is refused, names that credit, and books all once it is fixed', async () => {
      const [x, y, z] = await threeInvoices('Atom AG');
      const entries = (thirdDate: string) => [
        // Pays x in full, then part of y, then z with a booking date that does not exist.
        { id: 'ATOM-1', amount: '108.10', reference: x.reference, debtor: 'Atom AG', date: '2026-04-24' },
        { id: 'ATOM-2', amount: '16.20', reference: y.reference, debtor: 'Atom AG', date: '2026-04-24' },
        { id: 'ATOM-3', amount: '324.30', reference: z.reference, debtor: 'Atom AG', date: thirdDate },
      ];
      const { result: refused, events } = await eventsDuring(() => post(camt054(entries('2026-02-30'))));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toBe(
        `Nothing was booked: credit 3 of 3 (324,30 € of 2026-02-30, Atom AG, reference ${z.reference}, bank id ATOM-3) was refused: date: must be a date (YYYY-MM-DD)`,
      );
      expect(await withBankIds(['ATOM-1', 'ATOM-2', 'ATOM-3'])).toEqual([]);
      for (const invoice of [x, y, z]) expect(await statusOf(invoice)).toBe('open');
      expect(events).toEqual([]);

      // The bank's corrected file books every credit, and the events go out after the commit.
      const { result: fixed, events: sent } = await eventsDuring(() => post(camt054(entries('2026-02-28'))));
      expect(fixed.statusCode, fixed.body).toBe(200);
      const answer: BankStatementAnswer = fixed.json();
      expect(answer.matched.map((entry) => entry.invoice)).toEqual([x._id, z._id]);
      expect(answer.partial).toEqual([expect.objectContaining({ invoice: y._id, received: 16.2, due: 216.2 })]);
      const booked = await withBankIds(['ATOM-1', 'ATOM-2', 'ATOM-3']);
      expect(booked).toHaveLength(3);
      expect([await statusOf(x), await statusOf(y), await statusOf(z)]).toEqual(['paid', 'open', 'paid']);
      expect(sent.map((event) => event.type === 'document' && `${event.model} ${event.action} ${event.id}`)).toEqual([
        `transaction create ${booked.find((b) => b.bankReference === 'ATOM-1')!._id}`,
        `invoice update ${x._id}`,
        `transaction create ${booked.find((b) => b.bankReference === 'ATOM-2')!._id}`,
        `transaction create ${booked.find((b) => b.bankReference === 'ATOM-3')!._id}`,
        `invoice update ${z._id}`,
      ]);

      // Again: nothing changes.
      const { result: again, events: none } = await eventsDuring(() => post(camt054(entries('2026-02-28'))));
      expect(again.json()).toMatchObject({ matched: [], partial: [], alreadyBooked: 3 });
      expect(none).toEqual([]);
      expect(await withBankIds(['ATOM-1', 'ATOM-2', 'ATOM-3'])).toHaveLength(3);
    });

    it('books nothing when the database fails in the middle of the import', async () => {
      const [x, y] = await threeInvoices('Ausfall AG');
      const xml = camt054([
        { id: 'GONE-1', amount: '108.10', reference: x.reference, debtor: 'Ausfall AG', date: '2026-04-24' },
        { id: 'GONE-2', amount: '216.20', reference: y.reference, debtor: 'Ausfall AG', date: '2026-04-24' },
      ]);
      // The connection breaks at the third write (the second credit's transaction), after the first credit's two.
      const db = t.app.services.db;
      const transaction = db.transaction;
      let writes = 0;
      db.transaction = (fn) =>
        transaction.call(db, (tx) =>
          fn({
            query(statement) {
              if (/^\s*(INSERT|UPDATE)/i.test(statement.compile().text) && ++writes === 3)
                return Promise.reject(new Error('Connection terminated unexpectedly'));
              return tx.query(statement);
            },
          }),
        ) as never;
      try {
        const { result: failed, events } = await eventsDuring(() => post(xml));
        expect(failed.statusCode).toBe(500);
        expect(events).toEqual([]);
      } finally {
        db.transaction = transaction;
      }
      expect(writes).toBe(3);
      expect(await withBankIds(['GONE-1', 'GONE-2'])).toEqual([]);
      expect([await statusOf(x), await statusOf(y)]).toEqual(['open', 'open']);
      // Back up: the same file books both.
      expect((await post(xml)).json()).toMatchObject({ matched: [{ invoice: x._id }, { invoice: y._id }] });
    });

    it('pays an invoice that two imports at once each pay part of: the second to book counts the first', async () => {
      const [x] = await threeInvoices('Zugleich AG');
      const file = (id: string, amount: string) =>
        camt054([{ id, amount, reference: x.reference, debtor: 'Zugleich AG', date: '2026-04-27' }]);
      // Both imports read the invoice and its payments before either books: each waits at its booking until the
      // other gets there (the bank's two files imported in two tabs at once).
      const documents = t.app.services.documents;
      const saveAll = documents.saveAll;
      let arrived = 0;
      let bothThere!: () => void;
      const gate = new Promise<void>((resolve) => (bothThere = resolve));
      documents.saveAll = async (...args) => {
        if (++arrived === 2) bothThere();
        await gate;
        return saveAll.apply(documents, args);
      };
      let answers;
      try {
        // 60.00 + 48.10: together the 108.10 € due, each less.
        answers = await Promise.all([post(file('BOTH-1', '60.00')), post(file('BOTH-2', '48.10'))]);
      } finally {
        documents.saveAll = saveAll;
      }
      expect(arrived).toBe(2);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const [first, second] = answers.map((answer) => answer.json() as BankStatementAnswer);
      const matched = [...first.matched, ...second.matched];
      const partial = [...first.partial, ...second.partial];
      // Whichever booked second paid it; the first stayed partial.
      expect(matched).toEqual([expect.objectContaining({ invoice: x._id })]);
      expect(matched[0]).not.toHaveProperty('reason');
      expect(partial).toEqual([expect.objectContaining({ invoice: x._id, due: 108.1 })]);
      expect(partial[0].received).toBe(partial[0].amount);
      const booked = await withBankIds(['BOTH-1', 'BOTH-2']);
      expect(booked).toHaveLength(2);
      const payer = booked.find((payment) => payment.foreignAmount === matched[0].amount)!;
      expect(await t.app.services.documents.findById(SYSTEM, 'invoice', x._id)).toMatchObject({
        status: 'paid',
        transaction: payer._id,
      });
    });

    it('books a credit once: held twice in a file, imported twice at once, or booked by another import meanwhile', async () => {
      const [x, y] = await threeInvoices('Doppelt AG');
      const credit = {
        id: 'TWICE-1',
        amount: '108.10',
        reference: x.reference,
        debtor: 'Doppelt AG',
        date: '2026-04-25',
      };
      // The same booking twice in one file (a statement holding it in two sections): booked once.
      const inOne: BankStatementAnswer = (await post(camt054([credit, credit]))).json();
      expect(inOne).toMatchObject({ matched: [expect.objectContaining({ invoice: x._id })], alreadyBooked: 1 });
      expect(await withBankIds(['TWICE-1'])).toHaveLength(1);

      const xml = camt054([
        { id: 'TWICE-2', amount: '16.20', reference: y.reference, debtor: 'Doppelt AG', date: '2026-04-25' },
      ]);
      const answers = await Promise.all([post(xml), post(xml)]);
      // One books it; the other finds it booked, or (when both looked before either wrote) is refused as a whole.
      const [first, second] = answers.sort((a, b) => a.statusCode - b.statusCode).map((answer) => answer.json());
      expect(first).toMatchObject({ partial: [expect.objectContaining({ invoice: y._id })], alreadyBooked: 0 });
      expect(second).toEqual(
        answers[1].statusCode === 409
          ? { error: expect.stringMatching(/^Nothing was booked: credit 1 of 1 .* was booked meanwhile/) }
          : expect.objectContaining({ partial: [], alreadyBooked: 1 }),
      );
      expect(await withBankIds(['TWICE-2'])).toHaveLength(1);

      // Booked by another import after this one looked (a partial payment: no invoice changes, but its bank id is
      // unique among live transactions): refused.
      const late = { key: 'TWICE-3', bankId: true as const, amount: 10, currency: 'EUR', date: '2026-04-26' };
      const read = await t.app.services.documents.findById(SYSTEM, 'invoice', y._id, { populate: ['client'] });
      const booking = await createBooker(t.app.services.documents, await amountDue(t.app.services.documents)).plan(
        late,
        read,
      );
      const other = camt054([
        { id: 'TWICE-3', amount: '10.00', reference: y.reference, debtor: 'Doppelt AG', date: '2026-04-26' },
      ]);
      expect((await post(other)).json()).toMatchObject({ partial: [expect.objectContaining({ invoice: y._id })] });
      const { result: commit, events } = await eventsDuring(() =>
        commitBookings(t.app.services.documents, [{ credit: late, place: 'credit 1 of 1', booking }]).catch(
          (error: unknown) => error,
        ),
      );
      expect(commit).toMatchObject({
        status: 409,
        message:
          'Nothing was booked: credit 1 of 1 (10,00 € of 26.04.2026, bank id TWICE-3) was booked meanwhile (by another import); import the file again to see what is left',
      });
      expect(events).toEqual([]);
      expect(await withBankIds(['TWICE-3'])).toHaveLength(1);
    });
  });

  describe('booking a suggestion from the dialog', () => {
    const confirm = (xml: string, credit: string, invoice: string, token = admin) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payment/bankStatement/suggestion?credit=${encodeURIComponent(credit)}&invoice=${invoice}`,
        headers: { ...t.auth(token), 'content-type': 'application/xml' },
        payload: xml,
      });
    const newInvoice = async (client: string, price: number) =>
      t.app.services.documents.save(SYSTEM, 'invoice', {
        name: 'Vorschlag',
        client,
        date: '2026-03-05',
        items: [{ name: 'Beratung', count: 1, price }],
      });
    const liveWithBankId = async (bankReference: string) =>
      (await t.app.services.documents.find(SYSTEM, 'transaction', { query: { bankReference }, limit: 10 })).results;

    it('books the suggested credit on its invoice like a match: paid, linked both ways, not again', async () => {
      const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Vorschlag AG' }))._id;
      const invoice = await newInvoice(client, 600);
      const xml = camt054([{ id: 'SUG-1', amount: '648.60', debtor: 'Vorschlag AG', date: '2026-04-21' }]);
      const answer: BankStatementAnswer = (await post(xml)).json();
      expect(answer.suggested).toEqual([
        expect.objectContaining({ credit: 'SUG-1', invoice: invoice._id, invoiceNumber: Number(invoice.id) }),
      ]);
      expect(await liveWithBankId('SUG-1')).toEqual([]);

      const booked = await confirm(xml, 'SUG-1', invoice._id);
      expect(booked.statusCode, booked.body).toBe(200);
      expect(booked.json()).toEqual({
        outcome: 'matched',
        entry: expect.objectContaining({ amount: 648.6, invoice: invoice._id, invoiceNumber: Number(invoice.id) }),
      });
      const [payment] = await liveWithBankId('SUG-1');
      expect(payment).toMatchObject({
        foreignAmount: 648.6,
        direction: 'incoming',
        client,
        invoice: invoice._id,
        date: '2026-04-21',
      });
      expect(await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id)).toMatchObject({
        status: 'paid',
        transaction: payment._id,
      });

      // Booked once: confirming again or importing the file again books nothing more.
      const twice = await confirm(xml, 'SUG-1', invoice._id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toBe('This credit is booked already (by an import or by hand)');
      expect(((await post(xml)).json() as BankStatementAnswer).alreadyBooked).toBe(1);
      expect(await liveWithBankId('SUG-1')).toHaveLength(1);
    });

    it('books on one of the twin invoices a person chose', async () => {
      const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Doppel GmbH' }))._id;
      const [first, second] = [await newInvoice(client, 250), await newInvoice(client, 250)];
      const xml = camt054([{ id: 'SUG-T', amount: '270.25', debtor: 'Doppel GmbH', date: '2026-04-21' }]);
      const answer: BankStatementAnswer = (await post(xml)).json();
      expect(answer.suggested).toEqual([
        expect.objectContaining({
          invoice: first._id,
          alternatives: [{ invoice: second._id, invoiceNumber: Number(second.id) }],
        }),
      ]);
      expect((await confirm(xml, 'SUG-T', second._id)).statusCode).toBe(200);
      expect((await t.app.services.documents.findById(SYSTEM, 'invoice', second._id)).status).toBe('paid');
      expect((await t.app.services.documents.findById(SYSTEM, 'invoice', first._id)).status).toBe('open');
    });

    it('refuses a pair that no longer fits, says what changed, and books nothing', async () => {
      const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Wandel AG' }))._id;
      const invoice = await newInvoice(client, 100);
      const number = String(invoice.id);
      const xml = camt054([
        { id: 'SUG-X', amount: '108.10', debtor: 'Wandel AG', date: '2026-04-22' },
        { id: 'SUG-R', amount: '108.10', debtor: 'Wandel AG', date: '2026-04-22', reference: '1'.repeat(27) },
        { id: 'SUG-N', amount: '108.10', debtor: 'Jemand Anders', date: '2026-04-22' },
      ]);
      expect(((await post(xml)).json() as BankStatementAnswer).suggested).toHaveLength(1);
      const refused = async (credit: string, error: string, status = 409) => {
        const response = await confirm(xml, credit, invoice._id);
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().error).toBe(error);
      };

      // The invoice's amount changed since the import.
      await t.app.services.documents.save(SYSTEM, 'invoice', {
        _id: invoice._id,
        items: [{ name: 'Beratung', count: 1, price: 120 }],
      });
      await refused('SUG-X', `Not booked: Invoice ${number} is due 129,72 €, not the 108,10 € of the credit`);
      // Paid by hand meanwhile (back at its amount).
      await t.app.services.documents.save(SYSTEM, 'invoice', {
        _id: invoice._id,
        status: 'paid',
        items: [{ name: 'Beratung', count: 1, price: 100 }],
      });
      await refused('SUG-X', `Not booked: Invoice ${number} is no longer open`);
      await t.app.services.documents.save(SYSTEM, 'invoice', { _id: invoice._id, status: 'open' });
      // Another payer, a credit with a reference (the import books those), a credit the file does not hold.
      await refused('SUG-N', `Not booked: Invoice ${number} is made out to Wandel AG, not to the payer Jemand Anders`);
      await refused('SUG-R', 'Not booked: The credit has a reference: the import books it by its reference');
      await refused('SUG-404', 'credit: the file holds no credit SUG-404', 400);
      const broken = await confirm('<Document>', 'SUG-X', invoice._id);
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error).toMatch(/^Bank statement not readable/);
      for (const id of ['SUG-X', 'SUG-N', 'SUG-R']) expect(await liveWithBankId(id)).toEqual([]);
      expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id)).status).toBe('open');

      // Only people who may book payments.
      const staff = (await userWithRole(t, admin, 'anna', 'staff')).token;
      const forbidden = await confirm(xml, 'SUG-X', invoice._id, staff);
      expect(forbidden.statusCode).toBe(403);
      expect(await liveWithBankId('SUG-X')).toEqual([]);
      // The pair fits again: it books.
      expect((await confirm(xml, 'SUG-X', invoice._id)).statusCode).toBe(200);
    });

    it('takes the booking back when the invoice changed between the check and its payment', async () => {
      const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Zwischenzeit AG' }))._id;
      const invoice = await newInvoice(client, 100);
      const read = await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id, { populate: ['client'] });
      await t.app.services.documents.save(SYSTEM, 'invoice', { _id: invoice._id, name: 'Umbenannt' });
      const due = await amountDue(t.app.services.documents);
      const credit = { key: 'SUG-V', amount: 108.1, currency: 'EUR', date: '2026-04-23', debtor: 'Zwischenzeit AG' };
      const booking = await createBooker(t.app.services.documents, due).plan(credit, read);
      const commit = commitBookings(t.app.services.documents, [{ credit, place: 'the credit', booking }]);
      await expect(commit).rejects.toMatchObject({
        status: 409,
        message: expect.stringMatching(
          `^Nothing was booked: the credit \\(108,10 € of 23.04.2026, Zwischenzeit AG\\) could not pay invoice ${String(invoice.id)}: Invoice was changed by someone else`,
        ),
      });
      expect(await liveWithBankId('SUG-V')).toEqual([]);
      expect(await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id)).toMatchObject({
        status: 'open',
        name: 'Umbenannt',
      });
      expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id)).transaction).toBeUndefined();
    });
  });
});
