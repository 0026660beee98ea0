import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { DocumentRepository } from '../../src/server/modules/documents/repository';
import { FORM_REQUESTS_PER_MINUTE } from '../../src/server/modules/forms/routes';
import { createObjectId } from '../../src/shared/format/objectId';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('public form endpoints', () => {
  let t: TestApp;
  let address = 0;
  /** Each call comes from its own address unless one is given, so the rate limit only bites where a test wants it to. */
  const post = (url: string, payload: unknown, remoteAddress = `10.0.0.${++address}`) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const latest = async (model: string) =>
    (await t.app.services.documents.find(SYSTEM, model, { limit: 1, sort: { _createdAt: -1 } })).results[0];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('stores a form submission as form data', async () => {
    const response = await post('/api/formData', {
      name: 'termin',
      data: {
        name: 'Lukas Brunner',
        email: 'lukas@example.ch',
        topics: ['Strategie', 'Coaching'],
        guests: 2,
        newsletter: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await latest('formData')).toMatchObject({
      name: 'termin',
      data: { name: 'Lukas Brunner', topics: ['Strategie', 'Coaching'], guests: 2, newsletter: true },
    });
  });

  it('finds a submission by what the visitor wrote in the list search, not only by the form name', async () => {
    const sent = await post('/api/formData', {
      name: 'termin',
      data: { name: 'Zora Zbinden', ort: 'Zürich', email: 'zora@example.ch' },
    });
    expect(sent.statusCode).toBe(200);
    const admin = await t.login();
    const search = async (term: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/document/find',
        headers: t.auth(admin),
        payload: { model: 'formData', search: term },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().results as { data: Record<string, unknown> }[]).map((doc) => doc.data.name);
    };
    expect(await search('zbinden')).toEqual(['Zora Zbinden']);
    expect(await search('ZÜRICH')).toEqual(['Zora Zbinden']);
    expect(await search('zora@example.ch')).toEqual(['Zora Zbinden']);
    expect(await search('termin')).toContain('Zora Zbinden');
  });

  it("refuses a generic form's submission that lacks its schema's required fields, naming them, and stores nothing", async () => {
    const form = (properties: object) => ({
      tag: 'special.form',
      props: { name: 'anmeldung', title: 'Anmeldung', properties, submitLabel: 'Senden', validate: false },
    });
    const repo = new DocumentRepository(t.db);
    const schema = {
      type: 'object',
      properties: {
        vorname: { type: 'string', title: 'Vorname' },
        email: { type: 'string', title: 'E-Mail', format: 'email' },
        firma: { type: 'string', title: 'Firma' },
      },
      required: ['vorname', 'email'],
    };
    await repo.insert('page', createObjectId(), {
      name: 'Anmeldung',
      _path: '/Anmeldung',
      _read: ['guest'],
      // Nested in a section: the server finds the form wherever rendering would.
      elements: [{ tag: 'section', props: { children: [form(schema)] } }],
    });
    const stored = async () =>
      (await t.app.services.documents.find(SYSTEM, 'formData', { query: { name: 'anmeldung' }, limit: 10 })).results;

    const empty = await post('/api/formData', { name: 'anmeldung', data: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'Feld Vorname ist erforderlich; Feld E-Mail ist erforderlich',
      fields: [
        { field: 'vorname', message: 'Feld Vorname ist erforderlich' },
        { field: 'email', message: 'Feld E-Mail ist erforderlich' },
      ],
    });
    const blank = await post('/api/formData', { name: 'anmeldung', data: { vorname: '  ', email: 'anna@example' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual([
      { field: 'vorname', message: 'Feld Vorname ist erforderlich' },
      { field: 'email', message: 'Feld E-Mail ist keine gültige E-Mail-Adresse' },
    ]);
    expect(await stored()).toEqual([]);

    const full = await post('/api/formData', {
      name: 'anmeldung',
      data: { vorname: 'Anna', email: 'anna@example.ch' },
    });
    expect(full.statusCode).toBe(200);
    expect((await stored()).map((doc) => doc.data)).toEqual([{ vorname: 'Anna', email: 'anna@example.ch' }]);

    // A layout's form of the same name that asks for less: a submission one of them accepts is taken.
    await repo.insert('layout', createObjectId(), {
      name: 'Mit Anmeldung',
      elements: [
        {
          position: 1000,
          element: form({ type: 'object', properties: { firma: { title: 'Firma' } }, required: ['firma'] }),
        },
      ],
    });
    expect((await post('/api/formData', { name: 'anmeldung', data: { firma: 'Keller AG' } })).statusCode).toBe(200);
    expect((await post('/api/formData', { name: 'anmeldung', data: {} })).json().fields).toHaveLength(2);
  });

  it('names the field of a refused contact message, so the form can show it there', async () => {
    const response = await post('/api/cms/contact', { firstName: 'Anna', email: 'anna@@example', message: 'Hallo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'email: must be an e-mail address',
      fields: [{ field: 'email', message: 'must be an e-mail address' }],
    });
    expect((await latest('contactRequest'))?.data).not.toMatchObject({ email: 'anna@@example' });
  });

  it('stores a contact message as a contact request (consent as a time)', async () => {
    const body = {
      firstName: 'Anna',
      lastName: 'Maria Keller',
      email: 'anna@example.ch',
      phone: '+41 79 555 44 33',
      subject: 'Website',
      message: 'Guten Tag',
      agb: true,
    };
    expect((await post('/api/cms/contact', body)).statusCode).toBe(200);
    const stored = await latest('contactRequest');
    expect(stored.data).toMatchObject({
      firstName: 'Anna',
      lastName: 'Maria Keller',
      email: 'anna@example.ch',
      subject: 'Website',
      message: 'Guten Tag',
    });
    expect(typeof (stored.data as { agb: string }).agb).toBe('string');
    expect(stored.id).toBeGreaterThan(0);
  });

  it('stores a configurator submission with its sections, total and fields', async () => {
    const body = {
      name: 'beratungspaket',
      sections: { Umfang: 'Intensiv', Ort: 'Bei Ihnen vor Ort' },
      price: 4050,
      email: 'reto@example.ch',
    };
    expect((await post('/api/event', body)).statusCode).toBe(200);
    expect(await latest('formData')).toMatchObject({
      name: 'beratungspaket',
      data: { sections: { Umfang: 'Intensiv', Ort: 'Bei Ihnen vor Ort' }, price: 4050, email: 'reto@example.ch' },
    });
  });

  it('rejects invalid bodies with 400 and a message', async () => {
    const cases: [string, unknown][] = [
      ['/api/formData', { name: 'termin' }],
      ['/api/formData', { name: 'Bad Name!', data: {} }],
      ['/api/formData', { name: 'termin', data: {}, extra: 1 }],
      ['/api/formData', { name: 'termin', data: { nested: { deep: true } } }],
      ['/api/formData', { name: 'termin', data: { text: 'x'.repeat(5001) } }],
      ['/api/cms/contact', { firstName: 'Anna', email: 'not-an-email', message: 'Hallo' }],
      ['/api/cms/contact', { firstName: 'Anna', email: 'anna@example.ch' }],
      ['/api/cms/contact', { firstName: 'Anna', email: 'anna@example.ch', message: 'Hallo', admin: true }],
      ['/api/event', { name: 'paket', sections: {} }],
      ['/api/event', { name: 'paket', sections: { Umfang: { $gt: '' } } }],
      ['/api/formData', '{"name":"termin","data":'],
    ];
    for (const [url, body] of cases) {
      const response = await post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
  });

  it('never lets prototype keys through', async () => {
    const before = (await t.app.services.documents.find(SYSTEM, 'formData', { limit: 500 })).results.length;
    const bodies = [
      '{"name":"termin","data":{"__proto__":{"polluted":true}}}',
      '{"name":"termin","__proto__":{"polluted":true},"data":{}}',
      '{"name":"termin","data":{"constructor":{"prototype":{"polluted":true}}}}',
      '{"name":"termin","data":{"constructor":"x"}}',
      '{"name":"paket","sections":{"__proto__":"x"}}',
      '{"name":"paket","sections":{"A":"b"},"prototype":"x"}',
    ];
    for (const body of bodies)
      expect((await post(body.includes('sections') ? '/api/event' : '/api/formData', body)).statusCode, body).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await t.app.services.documents.find(SYSTEM, 'formData', { limit: 500 })).results.length).toBe(before);
  });

  it('limits body size', async () => {
    const response = await post('/api/formData', {
      name: 'termin',
      data: Object.fromEntries(Array.from({ length: 90 }, (_, i) => [`f${i}`, 'x'.repeat(400)])),
    });
    expect(response.statusCode).toBe(413);
  });

  it('limits the rate per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= FORM_REQUESTS_PER_MINUTE; i++)
      statuses.push((await post('/api/formData', { name: 'flood', data: { i } }, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, FORM_REQUESTS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await post('/api/formData', { name: 'flood', data: {} }, '10.9.9.10')).statusCode).toBe(200);
  });
});
