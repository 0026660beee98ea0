import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/seed/demo';
import { createTestApp } from '../helpers/testApp';

// `x-writePermission`: the site configuration's billing (the IBAN every invoice's QR bill pays to) is changed only
// by those who manage payments, although manage:cms updates the rest of the configuration.
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let anna: string; // staff: manage:cms, manage:files
let config: Record<string, unknown>;

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.auth(token), ...(payload ? { payload } : {}) });

const stored = async () => {
  const answer = await call(admin, 'POST', '/api/document/find', {
    model: 'siteConfig',
    limit: 1,
    sort: { _createdAt: 1 },
  });
  return answer.json().results[0] as Record<string, unknown>;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.services, { env: { DEMO_USERS_PASSWORD: '1' } });
  admin = await t.login();
  anna = await t.login('anna', 'demo-anna');
  config = await stored();
  expect(config.billing).toMatchObject({ iban: 'CH44 3199 9123 0008 8901 2' });
});
afterAll(() => t?.close());

describe('a field with x-writePermission', () => {
  it('refuses a change by a caller without the permission, naming the field and what it needs, and writes nothing', async () => {
    const billing = { ...(config.billing as object), iban: 'CH93 0076 2011 6238 5295 7' };
    const answer = await call(anna, 'POST', '/api/document/updateOne?model=siteConfig', {
      ...config,
      title: 'Umbenannt',
      billing,
    });
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json()).toEqual({ error: 'Not allowed to change billing: needs manage:payment' });
    const after = await stored();
    expect(after.title).toBe(config.title);
    expect(after.billing).toEqual(config.billing);
    expect(after._version).toBe(config._version);
    // Emptied is a change too.
    const cleared = await call(anna, 'POST', '/api/document/updateOne?model=siteConfig', { ...config, billing: null });
    expect(cleared.statusCode, cleared.body).toBe(403);
  });

  it('lets the same caller save the other fields, sending the field unchanged or leaving it out', async () => {
    const { billing, ...rest } = config;
    const without = await call(anna, 'POST', '/api/document/updateOne?model=siteConfig', { ...rest, title: 'Ohne' });
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json().billing).toEqual(billing);
    const same = await call(anna, 'POST', '/api/document/updateOne?model=siteConfig', {
      ...without.json(),
      title: 'Gleich',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect((await stored()).title).toBe('Gleich');
    config = await stored();
  });

  it('lets a caller with the permission change it', async () => {
    const billing = { ...(config.billing as object), iban: 'CH93 0076 2011 6238 5295 7' };
    const answer = await call(admin, 'POST', '/api/document/updateOne?model=siteConfig', { ...config, billing });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await stored()).billing).toEqual(billing);
  });

  it('is served read-only to whoever may not write it, and as it is to whoever may', async () => {
    const forAnna = (await call(anna, 'GET', '/api/schemas')).json();
    const forAdmin = (await call(admin, 'GET', '/api/schemas')).json();
    expect(forAnna.models.siteConfig.properties.billing.readOnly).toBe(true);
    expect(forAnna.models.siteConfig.properties.title.readOnly).toBeUndefined();
    expect(forAdmin.models.siteConfig.properties.billing.readOnly).toBeUndefined();
  });
});
