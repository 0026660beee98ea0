import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClientTrackedTimeAnswer,
  DailyTrackedTimeAnswer,
  LastYearAnswer,
  MonthlyTransactionSummaryAnswer,
} from '../../src/shared/api/payment';
import { SYSTEM } from '../../src/server/access/caller';
import { zonedDay } from '../../src/shared/format/zonedDays';
import { createPaymentReports } from '../../src/server/modules/payment/reports';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Hand-computed fixtures: every figure below is written out from these rows, not from the code. */
const TRANSACTIONS = [
  { date: '2025-01-10', name: 'Beratung A', amount: 1000, direction: 'incoming' },
  { date: '2025-01-20', name: 'Software', amount: 200, direction: 'outgoing' },
  { date: '2025-02-05', name: 'Beratung B', amount: 2500.5, direction: 'incoming' },
  { date: '2025-02-28', name: 'Steuern', amount: 300, direction: 'outgoing', type: 'tax' },
  { date: '2025-03-01', name: 'AHV', amount: 150, direction: 'outgoing', type: 'ahv' },
  { date: '2025-03-15', name: 'Lohn', amount: 1200, direction: 'outgoing', type: 'payout' },
  { date: '2025-03-16', name: 'Säule 3a', amount: 500, direction: 'outgoing', type: 'payout_third_pillar_tax_free' },
  { date: '2024-12-31', name: 'Vorjahr', amount: 999, direction: 'incoming' },
];

describe('payment reports and tracked time', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let client: string;

  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });
  const saveTime = (doc: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=trackedTime',
      headers: t.auth(admin),
      payload: doc,
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    adminId = (await t.app.services.documents.find(SYSTEM, 'user', { query: { login: 'admin' }, limit: 1 })).results[0]
      ._id;
    for (const doc of TRANSACTIONS) await t.app.services.documents.save(SYSTEM, 'transaction', doc);
    client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Rheinblick AG' }))._id;
  });
  afterAll(() => t?.close());

  it('sums a year: revenue, own revenue, months by direction, twelve months', async () => {
    expect((await get('/api/payment/revenue?year=2025')).json()).toEqual({ income: 3500.5, expenses: 200, tax: 450 });
    expect((await get('/api/payment/ownRevenue?year=2025')).json()).toEqual({
      revenue: 3300.5,
      payout: 1700,
      tax: 450,
    });
    const monthly: MonthlyTransactionSummaryAnswer = (
      await get('/api/payment/monthlyTransactionSummary?year=2025')
    ).json();
    expect(monthly).toEqual([
      { month: '2025-01', direction: 'incoming', sum: 1000 },
      { month: '2025-01', direction: 'outgoing', sum: 200 },
      { month: '2025-02', direction: 'incoming', sum: 2500.5 },
      { month: '2025-02', direction: 'outgoing', sum: 300 },
      { month: '2025-03', direction: 'outgoing', sum: 1850 },
    ]);
    const months: LastYearAnswer = (await get('/api/payment/lastYear?year=2025')).json();
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual([
      { month: '2025-01', income: 1000, expenses: 200 },
      { month: '2025-02', income: 2500.5, expenses: 0 },
      { month: '2025-03', income: 0, expenses: 0 },
    ]);
    const rolling: LastYearAnswer = (await get('/api/payment/lastYear')).json();
    expect(rolling).toHaveLength(12);
    expect(rolling[11].month).toBe(zonedDay(new Date()).slice(0, 7));
    expect((await get('/api/payment/revenue?year=1900')).statusCode).toBe(400);
  });

  it("takes this year and month of Basel's calendar, not UTC's, when the query names none", async () => {
    await t.app.services.documents.save(SYSTEM, 'transaction', {
      date: '2027-01-01',
      name: 'Neujahr',
      amount: 50,
      direction: 'incoming',
    });
    // 23:30 UTC on 31 December is 00:30 on 1 January in Basel.
    const reports = createPaymentReports(t.app.services.db, () => new Date('2026-12-31T23:30:00Z'));
    expect(await reports.revenue(SYSTEM)).toEqual({ income: 50, expenses: 0, tax: 0 });
    const rolling = await reports.lastYear(SYSTEM);
    expect(rolling.map((row) => row.month)).toEqual([
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(rolling[11]).toEqual({ month: '2027-01', income: 50, expenses: 0 });
  });

  it('computes duration on every save, refuses an end before the start, and reports hours rounded up per entry', async () => {
    const start = new Date(Date.now() - 2 * 86_400_000);
    start.setUTCHours(8, 0, 0, 0);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
    const first = await saveTime({ start: at(0), end: at(50), name: 'Workshop', client, user: adminId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().duration).toBeCloseTo(50 / 60, 6);
    const second = await saveTime({ start: at(60), end: at(61), name: 'Telefon', client, user: adminId });
    expect(second.json().duration).toBeCloseTo(1 / 60, 6);
    const running = await saveTime({ start: new Date().toISOString(), name: '', user: adminId });
    expect(running.json().duration).toBeUndefined();

    const backwards = await saveTime({ _id: first.json()._id, end: at(-5) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe('End must not be before the start');
    // A stored duration sent by the browser is ignored: the server computes it.
    const edited = await saveTime({ _id: first.json()._id, end: at(90), duration: 99 });
    expect(edited.json().duration).toBe(1.5);

    const daily: DailyTrackedTimeAnswer = (await get('/api/payment/getDailyTrackedTime')).json();
    // Days and months are the business's (Basel), not UTC's.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(start);
    // 1.5 h and 1 minute (rounded up to 0.25 h) for the client that day.
    expect(daily.find((row) => row.day === day && row.clientId === client)).toEqual({
      day,
      duration: 1.75,
      client: 'Rheinblick AG',
      clientId: client,
    });
    // Only the caller's own entries: another user's time that day counts for them, not for the admin.
    const marco = await userWithRole(t, admin, 'marco', 'accountant');
    await t.app.services.documents.save(SYSTEM, 'trackedTime', {
      start: at(120),
      end: at(180),
      name: 'Marco',
      client,
      user: marco.id,
    });
    const own: DailyTrackedTimeAnswer = (await get('/api/payment/getDailyTrackedTime')).json();
    expect(own.find((row) => row.day === day && row.clientId === client)?.duration).toBe(1.75);
    const theirs: DailyTrackedTimeAnswer = (await get('/api/payment/getDailyTrackedTime', marco.token)).json();
    expect(theirs).toEqual([{ day, duration: 1, client: 'Rheinblick AG', clientId: client }]);
    // 23:30 UTC is already the next day in Basel: the entry counts there.
    const late = new Date(Date.now() - 3 * 86_400_000);
    late.setUTCHours(23, 30, 0, 0);
    await saveTime({
      start: late.toISOString(),
      end: new Date(late.getTime() + 15 * 60_000).toISOString(),
      name: 'Spät',
      user: adminId,
    });
    const lateDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(late);
    expect(lateDay).not.toBe(late.toISOString().slice(0, 10));
    const dailyAgain: DailyTrackedTimeAnswer = (await get('/api/payment/getDailyTrackedTime')).json();
    expect(dailyAgain.find((row) => row.day === lateDay && row.clientId === null)?.duration).toBe(0.25);
    const perMonth: ClientTrackedTimeAnswer = (await get(`/api/payment/getClientTrackedTime?client=${client}`)).json();
    // A client's hours are everyone's: the admin's 1.75 h and Marco's hour.
    expect(perMonth).toEqual([{ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), totalHours: 2.75 }]);
  });

  it('turns a period of tracked time into an invoice, never bills it twice, and releases it when the invoice goes', async () => {
    const acme = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Acme GmbH', hourlyRate: 120 }))._id;
    const entry = (start: string, minutes: number, multiplier: number, name: string) =>
      saveTime({
        start,
        end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
        name,
        client: acme,
        user: adminId,
        multiplier,
      });
    await entry('2026-03-02T08:00:00.000Z', 100, 1, 'Analyse'); // 1.667 h -> 1.75 h at 120
    await entry('2026-03-03T09:00:00.000Z', 30, 1.5, 'Telefon'); // 0.5 h at 180
    await entry('2026-04-01T09:00:00.000Z', 60, 1, 'April'); // outside the period
    const create = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/payment/invoiceFromTime', headers: t.auth(admin), payload: body });

    const made = await create({ client: acme, from: '2026-03-01', to: '2026-03-31' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ entries: 2, total: 300 }); // 1.75 × 120 + 0.5 × 180
    const invoiceId = made.json().invoice as string;
    const invoice = await t.app.services.documents.findById(SYSTEM, 'invoice', invoiceId);
    expect(invoice).toMatchObject({ client: acme, status: 'open' });
    expect(invoice.items).toEqual([
      expect.objectContaining({ name: 'Analyse', count: 1.75, price: 120, description: '02.03.2026 · admin' }),
      expect.objectContaining({ name: 'Telefon', count: 0.5, price: 180 }),
    ]);
    // Billed once: the same period again finds nothing.
    const twice = await create({ client: acme, from: '2026-03-01', to: '2026-03-31' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error).toMatch(/No finished, not yet invoiced time of Acme GmbH/);
    // Deleting the invoice releases its entries.
    await t.app.services.documents.remove(SYSTEM, 'invoice', invoiceId);
    const again = await create({ client: acme, from: '2026-03-01', to: '2026-03-31' });
    expect(again.json()).toMatchObject({ entries: 2, total: 300 });

    const noRate = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Ohne Satz AG' }))._id;
    const refused = await create({ client: noRate, from: '2026-03-01', to: '2026-03-31' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('Client Ohne Satz AG has no hourly rate: set it on the client first');
    expect((await create({ client: acme, from: '2026-03-31', to: '2026-03-01' })).statusCode).toBe(400);
    // A day that does not exist is refused naming the field, not searched for time (that answered 422 "No … time").
    for (const [body, error] of [
      [{ client: acme, from: '2026-02-30', to: '2026-03-31' }, 'from: must be a date (YYYY-MM-DD)'],
      [{ client: acme, from: '2026-03-01', to: '2026-04-31' }, 'to: must be a date (YYYY-MM-DD)'],
      [{ client: acme, from: '2026-13-01', to: '2026-12-31' }, 'from: must be a date (YYYY-MM-DD)'],
    ] as const) {
      const impossible = await create(body);
      expect(impossible.statusCode, impossible.body).toBe(400);
      expect(impossible.json().error).toBe(error);
    }
  });

  it('needs manage:payment', async () => {
    const staff = (await userWithRole(t, admin, 'sam', 'staff')).token;
    expect((await get('/api/payment/revenue', staff)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/revenue' })).statusCode).toBe(401);
  });
});

describe('invoice from tracked time of other users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("names the person on each line when an accountant invoices a colleague's time (only the login)", async () => {
    const admin = await t.login();
    const marco = await userWithRole(t, admin, 'marco', 'accountant');
    const anna = await userWithRole(t, admin, 'anna', 'staff');
    // marco may not read anna's user document: the line text must still name her.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/document/findById?model=user&id=${anna.id}`,
          headers: t.auth(marco.token),
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const spalenberg = (
      await t.app.services.documents.save(SYSTEM, 'client', { name: 'Spalenberg Druckerei GmbH', hourlyRate: 120 })
    )._id;
    const time = (user: string, start: string, minutes: number, name: string) =>
      t.app.services.documents.save(SYSTEM, 'trackedTime', {
        start,
        end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
        name,
        client: spalenberg,
        user,
        multiplier: 1.2,
      });
    await time(marco.id, '2026-11-20T09:00:00.000Z', 255, 'Kundengespräch'); // 4.25 h
    await time(anna.id, '2026-11-25T09:00:00.000Z', 195, 'Layout'); // 3.25 h
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/payment/invoiceFromTime',
      headers: t.auth(marco.token),
      payload: { client: spalenberg, from: '2026-11-01', to: '2026-11-30' },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ entries: 2, total: 1080 }); // 7.5 h at 144
    const invoice = await t.app.services.documents.findById(SYSTEM, 'invoice', made.json().invoice as string);
    expect(invoice.items).toEqual([
      { name: 'Kundengespräch', description: '20.11.2026 · marco', user: marco.id, count: 4.25, price: 144 },
      { name: 'Layout', description: '25.11.2026 · anna', user: anna.id, count: 3.25, price: 144 },
    ]);
  });
});
