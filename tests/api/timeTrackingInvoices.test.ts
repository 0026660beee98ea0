import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientTrackedTimeAnswer } from '../../src/shared/api/payment';
import { SYSTEM } from '../../src/server/access/caller';
import type { ServerEvent } from '../../src/server/events/bus';
import { sql } from '../../src/server/db/sql';
import { FUTURE_START_MESSAGE, stopAt } from '../../src/shared/rules/trackedTime';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Time tracking and "Create invoice" as a Toggl/Harvest user expects it (audit 3, items 2, 3, 4 and 11). */
describe('tracked time and the invoices made of it', () => {
  let t: TestApp;
  let admin: string;
  let marco: { id: string; token: string };

  const inject = (
    method: 'POST' | 'DELETE' | 'GET',
    url: string,
    payload?: Record<string, unknown>,
    token = marco.token,
  ) => t.app.inject({ method, url, headers: t.auth(token), ...(payload === undefined ? {} : { payload }) });
  const saveTime = (doc: Record<string, unknown>) => inject('POST', '/api/document/updateOne?model=trackedTime', doc);
  const invoiceFromTime = (client: string, from: string, to: string) =>
    inject('POST', '/api/payment/invoiceFromTime', { client, from, to });
  const newClient = async (name: string, hourlyRate: number) =>
    (await t.app.services.documents.save(SYSTEM, 'client', { name, hourlyRate }))._id;
  const entry = async (client: string, start: string, end: string, name: string) => {
    const saved = await saveTime({ start, end, name, client, user: marco.id, multiplier: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json()._id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    marco = await userWithRole(t, admin, 'marco', 'accountant');
  });
  afterAll(() => t?.close());

  it('bills Swiss days: a period is Basel’s October, and every line of it is dated in October', async () => {
    const rheinblick = await newClient('Rheinblick Immobilien AG', 120);
    // 01.11.2026 00:30–02:00 in Basel is 31.10. 23:30 UTC; 01.10.2026 00:15 in Basel is 30.09. 22:15 UTC.
    await entry(rheinblick, '2026-10-31T23:30:00.000Z', '2026-11-01T01:00:00.000Z', 'Nachtarbeit');
    await entry(rheinblick, '2026-09-30T22:15:00.000Z', '2026-09-30T23:45:00.000Z', 'Früh am 1.');
    const october = await invoiceFromTime(rheinblick, '2026-10-01', '2026-10-31');
    expect(october.statusCode, october.body).toBe(200);
    expect(october.json()).toMatchObject({ entries: 1, total: 180 }); // 1.5 h × 120
    const invoice = await t.app.services.documents.findById(SYSTEM, 'invoice', october.json().invoice as string);
    expect(invoice.items).toEqual([expect.objectContaining({ name: 'Früh am 1.', description: '01.10.2026 · marco' })]);
    // The client report counts the same entry for October.
    const months: ClientTrackedTimeAnswer = (
      await inject('GET', `/api/payment/getClientTrackedTime?client=${rheinblick}`)
    ).json();
    expect(months).toEqual([
      { year: 2026, month: 10, totalHours: 1.5 },
      { year: 2026, month: 11, totalHours: 1.5 },
    ]);
    const november = await invoiceFromTime(rheinblick, '2026-11-01', '2026-11-30');
    const lines = (await t.app.services.documents.findById(SYSTEM, 'invoice', november.json().invoice as string)).items;
    expect(lines).toEqual([expect.objectContaining({ name: 'Nachtarbeit', description: '01.11.2026 · marco' })]);
  });

  it('names the invoice by the days worked, not by the period asked for (All until today asks from 2000)', async () => {
    const klybeck = await newClient('Klybeck Logistik AG', 100);
    // 05.10.2026 in Basel, and 28.10.2026 00:30 in Basel (27.10. 23:30 UTC).
    await entry(klybeck, '2026-10-05T08:00:00.000Z', '2026-10-05T09:00:00.000Z', 'Analyse');
    await entry(klybeck, '2026-10-27T23:30:00.000Z', '2026-10-28T00:30:00.000Z', 'Nachtarbeit');
    const all = await invoiceFromTime(klybeck, '2000-01-01', '2026-11-29');
    expect(all.statusCode, all.body).toBe(200);
    const invoice = await t.app.services.documents.findById(SYSTEM, 'invoice', all.json().invoice as string);
    expect(invoice.name).toBe('Aufwand 05.10.2026 – 28.10.2026');
    await entry(klybeck, '2026-11-02T08:00:00.000Z', '2026-11-02T10:00:00.000Z', 'Workshop');
    const oneDay = await invoiceFromTime(klybeck, '2026-11-01', '2026-11-30');
    const single = await t.app.services.documents.findById(SYSTEM, 'invoice', oneDay.json().invoice as string);
    expect(single.name).toBe('Aufwand 02.11.2026');
  });

  it('locks a billed entry until its invoice is deleted, then it can be corrected and billed again', async () => {
    const klybeck = await newClient('Klybeck Werkstatt GmbH', 100);
    const billed = await entry(klybeck, '2026-08-10T07:00:00.000Z', '2026-08-10T07:30:00.000Z', 'Spät am 31.');
    const made = await invoiceFromTime(klybeck, '2026-08-01', '2026-08-31');
    expect(made.json()).toMatchObject({ entries: 1, total: 50 });
    const invoiceId = made.json().invoice as string;
    const number = (await t.app.services.documents.findById(SYSTEM, 'invoice', invoiceId)).id;

    for (const patch of [
      { end: '2026-08-10T11:30:00.000Z' },
      { start: '2026-08-10T06:00:00.000Z' },
      { multiplier: 2 },
      { client: null },
      { end: null },
      { name: 'Anders' },
    ]) {
      const changed = await saveTime({ _id: billed, ...patch });
      expect(changed.statusCode, JSON.stringify(patch)).toBe(409);
      expect(changed.json().error).toMatch(
        new RegExp(`^Billed on invoice ${number} of \\d\\d\\.\\d\\d\\.\\d{4}: a billed entry cannot be changed`),
      );
    }
    const deleted = await inject('DELETE', `/api/document/delete?model=trackedTime&id=${billed}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toMatch(`Billed on invoice ${number}`);
    expect(deleted.json().error).toMatch('delete the invoice (its entries become unbilled again)');
    // Sending the stored values again (a form that saves everything) is no change.
    const unchanged = await saveTime({ _id: billed, end: '2026-08-10T07:30:00.000Z', multiplier: 1 });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const stored = await t.app.services.documents.findById(SYSTEM, 'trackedTime', billed);
    expect(stored).toMatchObject({ duration: 0.5, invoice: invoiceId });

    // The way to correct it: the invoice goes, the entry is free again, corrected and billed anew.
    expect((await inject('DELETE', `/api/document/delete?model=invoice&id=${invoiceId}`)).statusCode).toBe(200);
    const corrected = await saveTime({ _id: billed, end: '2026-08-10T11:30:00.000Z' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().duration).toBe(4.5);
    const again = await invoiceFromTime(klybeck, '2026-08-01', '2026-08-31');
    expect(again.json()).toMatchObject({ entries: 1, total: 450 });
  });

  describe('one invoice and its links are all or nothing', () => {
    /** The document events of invoices and tracked times the bus sends while `run` runs, as `model action id`. */
    async function eventsDuring<T>(run: () => Promise<T>): Promise<{ result: T; events: string[] }> {
      const events: string[] = [];
      const stop = t.app.services.bus.subscribe((event: ServerEvent) => {
        if (event.type === 'document' && ['invoice', 'trackedTime'].includes(event.model))
          events.push(`${event.model} ${event.action} ${event.id}`);
      });
      try {
        return { result: await run(), events };
      } finally {
        stop();
      }
    }
    /** Invoices of the client ever written, deleted ones too (a deleted one would still hold its number). */
    const invoicesOf = async (client: string) =>
      (
        await t.db.query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM doc_invoice WHERE doc->>'client' = ${client}`,
        )
      ).rows[0].n;
    const invoiceOf = async (id: string) =>
      (await t.app.services.documents.findById(SYSTEM, 'trackedTime', id)).invoice;

    it('writes nothing when a later entry is refused, names it, and bills all once it is corrected', async () => {
      const spalen = await newClient('Atelier Spalen GmbH', 100);
      const ids = [
        await entry(spalen, '2026-06-01T07:00:00.000Z', '2026-06-01T08:00:00.000Z', 'Eins'),
        await entry(spalen, '2026-06-02T07:00:00.000Z', '2026-06-02T08:00:00.000Z', 'Zwei'),
        await entry(spalen, '2026-06-03T07:00:00.000Z', '2026-06-03T08:00:00.000Z', 'Lang'),
      ];
      // Stored before the 24 h rule: 30 h, which the link's save refuses.
      await t.db.query(
        sql`UPDATE doc_tracked_time SET doc = doc || '{"end":"2026-06-04T13:00:00.000Z","duration":30}'::jsonb WHERE _id = ${ids[2]}`,
      );
      const { result: refused, events } = await eventsDuring(() => invoiceFromTime(spalen, '2026-06-01', '2026-06-30'));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({
        error:
          'Nothing was invoiced: entry 3 of 3 (Lang, 03.06.2026 · marco) was refused: An entry may last at most 24 h, this one would last 30 h: check its start and end',
      });
      expect(events).toEqual([]);
      expect(await invoicesOf(spalen)).toBe(0);
      for (const id of ids) expect(await invoiceOf(id)).toBeUndefined();

      const corrected = await saveTime({ _id: ids[2], end: '2026-06-03T09:00:00.000Z' });
      expect(corrected.statusCode, corrected.body).toBe(200);
      const { result: made, events: sent } = await eventsDuring(() =>
        invoiceFromTime(spalen, '2026-06-01', '2026-06-30'),
      );
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json()).toMatchObject({ entries: 3, total: 400 });
      const invoice = made.json().invoice as string;
      for (const id of ids) expect(await invoiceOf(id)).toBe(invoice);
      expect(sent).toEqual([`invoice create ${invoice}`, ...ids.map((id) => `trackedTime update ${id}`)]);
    });

    it('writes nothing when an entry changed after its line was made (the line would bill the old time)', async () => {
      const gundeli = await newClient('Gundeli Schreinerei AG', 100);
      const first = await entry(gundeli, '2026-07-01T07:00:00.000Z', '2026-07-01T08:00:00.000Z', 'Eins');
      const second = await entry(gundeli, '2026-07-02T07:00:00.000Z', '2026-07-02T08:00:00.000Z', 'Zwei');
      // Someone stops the second entry later right after "Create invoice" read it.
      const documents = t.app.services.documents;
      const find = documents.find;
      documents.find = (async (...args: Parameters<typeof find>) => {
        const found = await find.apply(documents, args);
        if (args[1] === 'trackedTime')
          await documents.save(SYSTEM, 'trackedTime', { _id: second, end: '2026-07-02T10:00:00.000Z' });
        return found;
      }) as typeof find;
      try {
        const { result: refused, events } = await eventsDuring(() =>
          invoiceFromTime(gundeli, '2026-07-01', '2026-07-31'),
        );
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().error).toBe(
          'Nothing was invoiced: entry 2 of 2 (Zwei, 02.07.2026 · marco) was changed meanwhile; create the invoice again to bill it as it is now',
        );
        expect(events).toEqual([`trackedTime update ${second}`]);
      } finally {
        documents.find = find;
      }
      expect(await invoicesOf(gundeli)).toBe(0);
      expect([await invoiceOf(first), await invoiceOf(second)]).toEqual([undefined, undefined]);
      // Again: the invoice bills the time as it is now.
      expect((await invoiceFromTime(gundeli, '2026-07-01', '2026-07-31')).json()).toMatchObject({
        entries: 2,
        total: 400,
      });
    });
  });

  it('answers an end before the start (or a start after the end) with fields as a list of { field, message }', async () => {
    const id = await entry(
      await newClient('Gundeli Bäckerei GmbH', 90),
      '2026-11-02T08:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
      'x',
    );
    const backwards = await saveTime({ _id: id, end: '2026-11-02T07:00:00.000Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({
      error: 'End must not be before the start',
      fields: [{ field: 'end', message: 'before the start' }],
    });
    // A start moved past the end is the start's problem, said so.
    const late = await saveTime({ _id: id, start: '2026-11-02T10:00:00.000Z' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      error: 'Start must not be after the end',
      fields: [{ field: 'start', message: 'after the end' }],
    });
  });

  it('refuses a running entry that starts in the future, and still stops one stored so before', async () => {
    const HOUR = 3_600_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const refusal = { error: FUTURE_START_MESSAGE, fields: [{ field: 'start', message: 'in the future' }] };
    const ahead = await saveTime({ start: at(3 * HOUR), name: 'Später', user: marco.id });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toEqual(refusal);
    const named = { model: 'trackedTime', query: { name: 'Später' } };
    expect((await inject('POST', '/api/document/find', named)).json().results).toEqual([]);

    // Typed into the Start of a running entry: refused, the stored start stays.
    const running = await saveTime({ start: at(-HOUR), name: 'Läuft', user: marco.id });
    expect(running.statusCode, running.body).toBe(200);
    const id = running.json()._id as string;
    const moved = await saveTime({ _id: id, start: at(2 * HOUR) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual(refusal);
    expect((await t.app.services.documents.findById(SYSTEM, 'trackedTime', id)).start).toBe(running.json().start);
    // A browser clock a minute ahead of the server's still starts its timer.
    const skewed = await saveTime({ start: at(60_000), name: 'Uhr vor', user: marco.id });
    expect(skewed.statusCode, skewed.body).toBe(200);

    // A finished entry may lie ahead (typed in advance); it cannot run again while its start is ahead.
    const planned = await saveTime({ start: at(2 * HOUR), end: at(3 * HOUR), name: 'Geplant', user: marco.id });
    expect(planned.statusCode, planned.body).toBe(200);
    const reopened = await saveTime({ _id: planned.json()._id, end: null });
    expect(reopened.statusCode).toBe(400);
    expect(reopened.json()).toEqual(refusal);

    // Stored before this rule: other edits still save, and Stop ends it at its start (0 h).
    const start = at(5 * HOUR);
    await t.db.query(
      sql`UPDATE doc_tracked_time SET doc = jsonb_set(doc, '{start}', ${JSON.stringify(start)}::jsonb) WHERE _id = ${id}`,
    );
    const renamed = await saveTime({ _id: id, name: 'Altlast', multiplier: 1.5 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stop = stopAt(start, Date.now());
    expect(stop).toEqual({ end: start, at: 'start' });
    const stopped = await saveTime({ _id: id, end: stop.end });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ start, end: start, duration: 0 });
  });

  it('refuses an entry longer than a day and leaves zero-length entries off the invoice', async () => {
    const zero = await newClient('Null Stunden AG', 120);
    const absurd = await saveTime({
      start: '1900-01-01T00:00:00.000Z',
      end: '2100-01-01T00:00:00.000Z',
      name: 'absurd',
      client: zero,
      user: marco.id,
    });
    expect(absurd.statusCode).toBe(400);
    expect(absurd.json().error).toBe(
      'An entry may last at most 24 h, this one would last 1.753.176 h: check its start and end',
    );
    expect(absurd.json().fields).toEqual([{ field: 'end', message: 'more than 24 h after the start' }]);
    const day = await saveTime({ start: '2026-11-03T08:00:00.000Z', end: '2026-11-04T08:00:00.000Z', user: marco.id });
    expect(day.statusCode, day.body).toBe(200);

    await entry(zero, '2026-11-05T08:00:00.000Z', '2026-11-05T08:00:00.000Z', 'zero');
    const nothing = await invoiceFromTime(zero, '2026-11-01', '2026-11-30');
    expect(nothing.statusCode).toBe(422);
    await entry(zero, '2026-11-05T09:00:00.000Z', '2026-11-05T10:00:00.000Z', 'one hour');
    const made = await invoiceFromTime(zero, '2026-11-01', '2026-11-30');
    expect(made.json()).toMatchObject({ entries: 1, total: 120 });
    const invoice = await t.app.services.documents.findById(SYSTEM, 'invoice', made.json().invoice as string);
    expect(invoice.items).toEqual([expect.objectContaining({ name: 'one hour', count: 1 })]);
  });

  it('answers a bad billing IBAN with fields as a list too', async () => {
    const config = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=siteConfig',
      headers: t.auth(admin),
      payload: { title: 'Baukasten', billing: { iban: 'CH93 0076 2011 6238 5295 8' } },
    });
    expect(config.statusCode).toBe(400);
    expect(config.json().fields).toEqual([{ field: 'billing.iban', message: 'invalid checksum' }]);
  });
});
