import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/seed/demo';
import { createTestApp } from '../helpers/testApp';

// `x-readPermission`: the site configuration is public (the site renders from it), its billing (IBAN, VAT number)
// is seen only by those logged in.
let t: Awaited<ReturnType<typeof createTestApp>>;
let anna: string; // staff: manage:cms, manage:files
let id: string;

const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.services, { env: { DEMO_USERS_PASSWORD: '1' } });
  anna = await t.login('anna', 'demo-anna');
  const found = await call(anna, 'POST', '/api/document/find', { model: 'siteConfig', limit: 1 });
  id = found.json().results[0]._id;
});
afterAll(() => t?.close());

describe('a field with x-readPermission', () => {
  it('is left out of what an anonymous caller reads, and of the schema served to them', async () => {
    const found = await call(undefined, 'POST', '/api/document/find', { model: 'siteConfig', limit: 1 });
    expect(found.statusCode, found.body).toBe(200);
    const [config] = found.json().results;
    expect(config.title).toBeTruthy();
    expect(config).not.toHaveProperty('billing');
    expect(found.body).not.toContain('CH44');
    const one = await call(undefined, 'GET', `/api/document/findById?model=siteConfig&id=${id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).not.toHaveProperty('billing');
    const schemas = (await call(undefined, 'GET', '/api/schemas')).json();
    expect(schemas.models.siteConfig.properties).toHaveProperty('title');
    expect(schemas.models.siteConfig.properties).not.toHaveProperty('billing');
  });

  it('cannot be asked about by an anonymous caller: a filter or a sort naming it is refused, a field list skips it', async () => {
    for (const params of [
      { query: { 'billing.iban': 'CH44 3199 9123 0008 8901 2' } },
      { query: { billing: { $exists: true } } },
      { sort: { billing: 1 } },
    ]) {
      const answer = await call(undefined, 'POST', '/api/document/find', { model: 'siteConfig', ...params });
      expect(answer.statusCode, `${JSON.stringify(params)}: ${answer.body}`).toBe(400);
      expect(answer.json().error).toMatch(/billing/);
    }
    const projected = await call(undefined, 'POST', '/api/document/find', {
      model: 'siteConfig',
      fields: ['title', 'billing'],
    });
    expect(projected.statusCode, projected.body).toBe(200);
    expect(projected.json().results[0].title).toBeTruthy();
    expect(projected.json().results[0]).not.toHaveProperty('billing');
  });

  it('is read by whoever is logged in, with the schema that shows it', async () => {
    const one = await call(anna, 'GET', `/api/document/findById?model=siteConfig&id=${id}`);
    expect(one.json().billing).toMatchObject({ iban: 'CH44 3199 9123 0008 8901 2' });
    const schemas = (await call(anna, 'GET', '/api/schemas')).json();
    expect(schemas.models.siteConfig.properties).toHaveProperty('billing');
  });
});
