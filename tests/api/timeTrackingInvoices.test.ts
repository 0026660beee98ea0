import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
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

  it('answers an end before the start with fields as a list of { field, message }', async () => {
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
