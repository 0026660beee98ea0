import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findParams, parseListState } from '../../src/shared/api/listParams';
import { seedDemo } from '../../src/server/seed/demo';
import { createTestApp } from '../helpers/testApp';

// Every admin list asks the API the same way the list page does (findParams of its URL state), on the demo data.
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.services, { env: {} });
  admin = await t.login();
});
afterAll(() => t?.close());

const find = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/document/find', headers: t.auth(admin), payload });

describe('admin lists', () => {
  it('every model’s list page, as it first opens, gets its rows (its label field and columns exist)', async () => {
    const models = Object.values(t.app.services.registry.models);
    expect(models.length).toBeGreaterThan(10);
    for (const model of models) {
      const known = new Set(model.fields.map((field) => field.name));
      expect(known.has(model.labelField), `${model.name} labelField ${model.labelField}`).toBe(true);
      const params = findParams(parseListState(new URLSearchParams(), model), model);
      const response = await find({ model: model.name, ...params });
      expect(response.statusCode, `${model.name}: ${response.body}`).toBe(200);
    }
  });

  it('contact requests list their sender and subject from the request’s data, and are searched by them', async () => {
    const model = t.app.services.registry.models.contactRequest;
    expect(model.columns).toEqual([
      'id',
      'data.firstName',
      'data.lastName',
      'data.email',
      'data.subject',
      '_createdAt',
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/cms/contact',
      payload: {
        firstName: 'Greta',
        lastName: 'Zwahlen',
        email: 'greta.zwahlen@example.ch',
        subject: 'Offerte Webshop',
        message: 'Bitte um Rückruf.',
        agb: true,
      },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const params = findParams(parseListState(new URLSearchParams('q=zwahlen'), model), model);
    const response = await find({ model: 'contactRequest', ...params });
    expect(response.statusCode, response.body).toBe(200);
    const { results, total } = response.json() as { results: { data: Record<string, string> }[]; total: number };
    expect(total).toBe(1);
    expect(results[0].data).toMatchObject({ firstName: 'Greta', email: 'greta.zwahlen@example.ch' });
    const unknown = await find({ model: 'contactRequest', fields: ['data.nothing'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'Unknown field data.nothing of Contact Request' });
  });
});
