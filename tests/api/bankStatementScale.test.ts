import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankStatementAnswer } from '../../src/shared/api/payment';
import { SYSTEM } from '../../src/server/access/caller';
import type { Database, Queryable } from '../../src/server/db/database';
import { MAX_STATEMENT_ENTRIES } from '../../src/server/modules/payment/bankStatement';
import { invoiceReference } from '../../src/server/modules/payment/qrReference';
import { DEMO_SITE_CONFIG } from '../../src/server/seed/demoData';
import { camt054 } from '../helpers/camt';
import { createTestApp } from '../helpers/testApp';

/** A large statement is a few queries, not one (or four) per credit: PGlite serves nothing else meanwhile. */
describe('bank statement import of a large file', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: string;
  let queries = 0;
  const counted = (q: Queryable): Queryable => ({
    query: (statement) => {
      queries++;
      return q.query(statement);
    },
  });
  // The driver as it is (the queues use PGlite itself), its queries counted.
  const wrapDb = (db: Database): Database => ({
    ...db,
    query: counted(db).query,
    transaction: (fn) => db.transaction((tx) => fn(counted(tx))),
  });
  const invoices: { _id: string; id: number; reference: string }[] = [];

  const post = async (xml: string) => {
    queries = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/bankStatement',
      headers: { ...t.auth(admin), 'content-type': 'application/xml' },
      payload: xml,
    });
    return { response, queries };
  };
  const transactions = async () =>
    (await t.app.services.documents.find(SYSTEM, 'transaction', { limit: 1, page: 0 })).total ?? 0;

  beforeAll(async () => {
    t = await createTestApp({ wrapDb });
    admin = await t.login();
    await t.app.services.documents.save(SYSTEM, 'siteConfig', DEMO_SITE_CONFIG);
    const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Rheinblick AG' }))._id;
    // Ten invoices of 100 € net (108.10 € due) and one of 10,000 € net that many small credits pay part of.
    for (const price of [...Array.from({ length: 10 }, () => 100), 10_000]) {
      const saved = await t.app.services.documents.save(SYSTEM, 'invoice', {
        name: `Beratung ${price}`,
        client,
        date: '2026-03-01',
        items: [{ name: 'Beratung', count: 1, price }],
      });
      invoices.push({
        _id: saved._id,
        id: Number(saved.id),
        reference: invoiceReference('CH4431999123000889012', Number(saved.id)),
      });
    }
  });
  afterAll(() => t?.close());

  it('books 5,000 credits as one of them at a time would, in a bounded number of queries', async () => {
    const big = invoices[10];
    const entries = [
      // Each of the ten small invoices paid in full.
      ...invoices.slice(0, 10).map((invoice, i) => ({
        id: `PAY-${i}`,
        amount: '108.10',
        reference: invoice.reference,
        debtor: 'Rheinblick AG',
        date: '2026-04-09',
      })),
      // 1,990 credits of 1 € each on the big invoice: partial payments.
      ...Array.from({ length: 1990 }, (_, i) => ({
        id: `PART-${i}`,
        amount: '1.00',
        reference: big.reference,
        debtor: 'Rheinblick AG',
        date: '2026-04-09',
      })),
      // 3,000 credits nobody can place.
      ...Array.from({ length: 3000 }, (_, i) => ({
        id: `NONE-${i}`,
        amount: '12.34',
        debtor: 'Unbekannt',
        date: '2026-04-09',
      })),
    ];
    const { response, queries: first } = await post(camt054(entries));
    expect(response.statusCode, response.body).toBe(200);
    const answer: BankStatementAnswer = response.json();
    expect(answer.matched.map((entry) => entry.invoice)).toEqual(invoices.slice(0, 10).map((invoice) => invoice._id));
    expect(answer.partial).toHaveLength(1990);
    expect(answer.partial.at(-1)).toMatchObject({ invoice: big._id, received: 1990, due: 10_810 });
    expect(answer.unmatched).toHaveLength(3000);
    expect(answer).toMatchObject({ suggested: [], alreadyBooked: 0 });
    expect(await transactions()).toBe(2000);
    for (const invoice of invoices.slice(0, 10))
      expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id)).status).toBe('paid');
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', big._id)).status).toBe('open');
    // One query per credit was 5,000 lookups and 8,000 more writing 2,000 bookings; now a few per 500 credits, and
    // a few per invoice paid (each one's payment and update are written on their own, in the file's order).
    expect(first).toBeLessThan(150);

    // The same file again: everything booked already, found with a lookup per 500 bank ids, and nothing written.
    const { response: again, queries: second } = await post(camt054(entries));
    expect(again.json()).toMatchObject({ matched: [], partial: [], alreadyBooked: 2000 });
    expect(second).toBeLessThan(30);
    expect(await transactions()).toBe(2000);
  });

  it(`refuses a file of more than ${MAX_STATEMENT_ENTRIES} entries with 413, saying how many it holds, and books nothing`, async () => {
    const credits = Array.from({ length: MAX_STATEMENT_ENTRIES }, (_, i) => ({
      id: `MANY-${i}`,
      amount: '1.00',
      reference: invoices[10].reference,
      debtor: 'Rheinblick AG',
      date: '2026-04-10',
    }));
    // The file holds one debit as well: 10,001 entries.
    const { response } = await post(camt054(credits));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: `The bank statement holds ${MAX_STATEMENT_ENTRIES + 1} entries; at most ${MAX_STATEMENT_ENTRIES} are imported at once: split it`,
    });
    expect(await transactions()).toBe(2000);
  });

  it('matches every open invoice, not only the first 500 one find answers', async () => {
    const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Viele Rechnungen GmbH' }))._id;
    let first = invoices[0];
    for (let i = 0; i < 520; i++) {
      const saved = await t.app.services.documents.save(SYSTEM, 'invoice', {
        name: `Abo ${i}`,
        client,
        // The one paid is the first made and dated first: last in the lists' order (number descending) and by date.
        date: i === 0 ? '2025-01-06' : '2026-05-01',
        items: [{ name: 'Abo', count: 1, price: 10 }],
      });
      if (i === 0)
        first = {
          _id: saved._id,
          id: Number(saved.id),
          reference: invoiceReference('CH4431999123000889012', Number(saved.id)),
        };
    }
    const { response } = await post(
      camt054([
        {
          id: 'LATE-1',
          amount: '10.81',
          reference: first.reference,
          debtor: 'Viele Rechnungen GmbH',
          date: '2026-05-20',
        },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ matched: [{ invoice: first._id }], unmatched: [] });
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', first._id)).status).toBe('paid');
  });
});
