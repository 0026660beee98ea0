import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import type { Database } from '../../src/server/db/database';
import { sql } from '../../src/server/db/sql';
import { table } from '../../src/server/db/tables';
import { seedBulk, validatorFor } from '../../src/server/seed/bulk';
import { seedDemo } from '../../src/server/seed/demo';
import { createRegistry } from '../../src/shared/registry';
import { schemaSet } from '../../src/shared/generated/schemas';
import { invoiceDisplayStatus, type InvoiceStatus } from '../../src/shared/rules/invoiceStatus';
import { grossOf, type VatSettings } from '../../src/shared/rules/vat';
import { zonedDay } from '../../src/shared/format/zonedDays';
import { createTestApp, freshDatabase } from '../helpers/testApp';

type Row = { _id: string; doc: Record<string, unknown> };
const rows = async (db: Database, model: string) =>
  (await db.query<Row>(sql`SELECT _id, doc FROM ${table(model)} ORDER BY _id`)).rows;
const sumOfProducts = (items: unknown) =>
  Math.round((items as { price: number; count: number }[]).reduce((sum, i) => sum + i.price * i.count, 0) * 100) / 100;

describe('seedBulk', () => {
  const registry = createRegistry(schemaSet);
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(() => fresh?.drop());

  it('inserts clients and invoices referring to them, valid, with correct totals and numbers', async () => {
    const clients = await seedBulk(fresh.db, registry, { model: 'client', count: 300, batchSize: 128, seed: 7 });
    const invoices = await seedBulk(fresh.db, registry, { model: 'invoice', count: 700, batchSize: 256, seed: 8 });
    expect(clients.inserted).toBe(300);
    expect(invoices.inserted).toBe(700);
    expect(invoices.validated).toBeGreaterThan(50);

    const clientRows = await rows(fresh.db, 'client');
    const invoiceRows = await rows(fresh.db, 'invoice');
    expect(clientRows).toHaveLength(300);
    expect(invoiceRows).toHaveLength(700);
    const clientIds = new Set(clientRows.map((r) => r._id));
    const validateClient = validatorFor(registry, 'client');
    const validateInvoice = validatorFor(registry, 'invoice');
    for (const row of clientRows) expect(validateClient(row.doc), JSON.stringify(validateClient.errors)).toBe(true);
    for (const row of invoiceRows) {
      expect(validateInvoice(row.doc), JSON.stringify(validateInvoice.errors)).toBe(true);
      expect(clientIds.has(row.doc.client as string)).toBe(true);
      expect(row.doc.total).toBe(sumOfProducts(row.doc.items));
    }
    const numbers = invoiceRows.map((r) => r.doc.id as number).sort((a, b) => a - b);
    expect(numbers[0]).toBe(1);
    expect(new Set(numbers).size).toBe(700);
    expect(new Set(invoiceRows.map((r) => r.doc.status))).toEqual(new Set(['open', 'paid']));
  });

  it('continues the sequence after existing documents', async () => {
    await seedBulk(fresh.db, registry, { model: 'client', count: 10 });
    const max = await fresh.db.query<{ n: string }>(
      sql`SELECT max((doc->>'id')::numeric) AS n FROM ${table('client')}`,
    );
    expect(Number(max.rows[0].n)).toBe(310);
  });
});

describe('seedDemo', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates demo documents once, through the document service', async () => {
    const first = await seedDemo(t.app.services, { env: { DEMO_USERS_PASSWORD: '1' } });
    expect(first.seeded).toBe(true);
    for (const model of [
      'role',
      'user',
      'client',
      'invoice',
      'offer',
      'transaction',
      'redirect',
      'mailTemplate',
      'contactRequest',
      'formData',
      'trackedTime',
      'siteConfig',
      'pageDraft',
      'pageVersion',
    ]) {
      expect(first.counts[model], model).toBeGreaterThan(0);
    }
    // Each demo page has the version its publish would have kept: its content, its access lists.
    const pages = await t.app.services.documents.find(SYSTEM, 'page', { limit: 100 });
    for (const page of pages.results) {
      const versions = await t.app.services.documents.find(SYSTEM, 'pageVersion', { filter: { page: page._id } });
      expect(versions.results, String(page.name)).toHaveLength(1);
      expect(versions.results[0].content).toMatchObject({
        name: page.name,
        elements: page.elements,
        _read: page._read,
      });
    }
    const second = await seedDemo(t.app.services);
    expect(second).toEqual({ seeded: false, counts: {} });
    const clients = await t.app.services.documents.find(SYSTEM, 'client', { limit: 100 });
    expect(clients.results).toHaveLength(first.counts.client);
  });

  it('has invoices that are paid, pending and overdue, with computed totals and numbers', async () => {
    const { results } = await t.app.services.documents.find(SYSTEM, 'invoice', { limit: 100 });
    const statuses = results.map((doc) =>
      invoiceDisplayStatus({ status: doc.status as InvoiceStatus, date: doc.date as string }),
    );
    expect(new Set(statuses)).toEqual(new Set(['paid', 'pending', 'overdue']));
    for (const doc of results) {
      expect(doc.total).toBe(sumOfProducts(doc.items));
      expect(typeof doc.id).toBe('number');
    }
  });

  it('links the paid invoice and its payment both ways', async () => {
    const docs = t.app.services.documents;
    const paid = (await docs.find(SYSTEM, 'invoice', { query: { status: 'paid' }, limit: 100 })).results;
    expect(paid).toHaveLength(1);
    expect(typeof paid[0].transaction).toBe('string');
    const payment = await docs.findById(SYSTEM, 'transaction', paid[0].transaction as string);
    expect(payment).toMatchObject({ name: 'Zahlung Rechnung Website-Relaunch', invoice: paid[0]._id });
    // It paid what the invoice asked for: the gross amount of its PDF (net plus the site's VAT), in euros.
    const [site] = (await docs.find(SYSTEM, 'siteConfig', { limit: 1 })).results;
    expect(payment.foreignAmount).toBe(grossOf(paid[0].total as number, site.billing as VatSettings));
    const linked = (await docs.find(SYSTEM, 'transaction', { query: { invoice: { $exists: true } }, limit: 100 }))
      .results;
    expect(linked.map((doc) => doc._id)).toEqual([payment._id]);
  });

  it('has roles with permissions, a site config for Basel and tracked time of the last 7 days', async () => {
    const docs = t.app.services.documents;
    const roles = (await docs.find(SYSTEM, 'role', { limit: 100 })).results;
    expect(roles.find((r) => r.name === 'staff')?.permissions).toEqual(['manage:cms', 'manage:files']);
    expect(roles.find((r) => r.name === 'accountant')?.permissions).toEqual(['manage:payment']);
    const [site] = (await docs.find(SYSTEM, 'siteConfig', { limit: 1 })).results;
    expect(site.localBusiness).toMatchObject({
      address: { city: 'Basel' },
      openingHours: [{ opens: '08:00', closes: '17:00' }],
    });
    const times = (await docs.find(SYSTEM, 'trackedTime', { limit: 100 })).results;
    for (const entry of times) expect(Date.now() - Date.parse(entry.start as string)).toBeLessThan(8 * 86_400_000);
  });

  it("gives every demo client an hourly rate, so Create invoice bills the demo's tracked time", async () => {
    const docs = t.app.services.documents;
    const clients = (await docs.find(SYSTEM, 'client', { limit: 100 })).results;
    for (const client of clients) expect(client.hourlyRate, String(client.name)).toBeGreaterThan(0);
    const admin = await t.login();
    const answers = await Promise.all(
      clients.map((client) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/invoiceFromTime',
          headers: t.auth(admin),
          payload: { client: client._id, from: zonedDay(Date.now() - 10 * 86_400_000), to: zonedDay(Date.now()) },
        }),
      ),
    );
    // Each is billed, or has no time in the period: none is refused for a missing rate.
    for (const answer of answers) expect([200, 422], answer.body).toContain(answer.statusCode);
    for (const answer of answers) expect(answer.body).not.toMatch(/hourly rate/);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
  });

  it('lets demo users log in only when DEMO_USERS_PASSWORD was set', async () => {
    const token = await t.login('anna', 'demo-anna');
    expect(token).toBeTruthy();
    const fresh = await createTestApp();
    try {
      await seedDemo(fresh.app.services, { env: {} });
      await expect(fresh.login('anna', 'demo-anna')).rejects.toThrow();
      // Every user has a password, here one nobody knows.
      const demoUsers = (await rows(fresh.db, 'user')).filter((row) => row.doc.login !== 'admin');
      expect(demoUsers.map((row) => row.doc.login).sort()).toEqual(['anna', 'marco']);
      for (const row of demoUsers) expect(row.doc.password).toMatch(/^\$argon2id\$/);
    } finally {
      await fresh.close();
    }
  });
});
