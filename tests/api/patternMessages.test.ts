import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { collectRoutes } from '../../src/server/modules/openapi/routes';
import { createTestApp } from '../helpers/testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.auth(await t.login());
});
afterAll(() => t?.close());

const save = (model: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/document/updateOne?model=${model}`, headers: admin, payload });

/** The 400 of a write, checked to name the field in words and never show the regular expression. */
async function refusal(model: string, payload: object) {
  const response = await save(model, payload);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { error: string; fields: { field: string; message: string }[] };
  expect(response.body).not.toMatch(/pattern|\^|\$"/);
  return body;
}

describe('a value that does not match its pattern is refused in words', () => {
  it('redirect, user and site configuration: the 400 says what the field asks, nothing is written', async () => {
    expect(await refusal('redirect', { _id: 'new', name: 'Alt', from: 'alt', to: '/neu' })).toEqual({
      error: 'from: must be a path starting with /, on one line, without control characters',
      fields: [{ field: 'from', message: 'must be a path starting with /, on one line, without control characters' }],
    });
    expect((await refusal('user', { _id: 'new', login: 'anna maria', password: 'longenough1' })).fields).toEqual([
      { field: 'login', message: 'must not contain spaces' },
    ]);
    const body = await refusal('siteConfig', {
      _id: 'new',
      title: 'Werkstatt',
      domain: 'Example.ch',
      billing: { iban: 'CH93-0076', vatNumber: 'CHE-123456789' },
    });
    expect(body.fields).toEqual([
      {
        field: 'domain',
        message: 'must be a domain name in lowercase, e.g. example.ch (letters, digits and -, parts joined by dots)',
      },
      {
        field: 'billing.iban',
        message:
          'must be an IBAN: two letters, two digits, then 11 to 38 letters, digits or spaces, e.g. CH93 0076 2011 6238 5295 7',
      },
      {
        field: 'billing.vatNumber',
        message: 'must be a Swiss UID as CHE-123.456.789, optionally followed by MWST, TVA or IVA',
      },
    ]);
    for (const model of ['siteConfig', 'user', 'redirect'])
      expect((await t.app.services.documents.find(SYSTEM, model, { limit: 10 })).results, model).toHaveLength(
        model === 'user' ? 1 : 0,
      );
  });

  it("a page's element names the element and the field ('elements[0] Anchor › Id: must start with a letter …')", async () => {
    const body = await refusal('pageDraft', {
      _id: 'new',
      name: 'anker',
      elements: [{ tag: 'anchor', props: { id: '1-kontakt' } }],
    });
    expect(body.error).toBe('elements[0] Anchor › Id: must start with a letter and hold only letters, digits, - and _');
  });
});

describe("a request its route's schema refuses for a pattern says it in words", () => {
  /** The 400 of a call, checked to say the rule in words and never show the regular expression. */
  async function routeRefusal(method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).not.toMatch(/pattern|\^|\$"|\[0-9/);
    return (response.json() as { error: string }).error;
  }

  it('an id, a year, a model name and a form name', async () => {
    expect(await routeRefusal('GET', '/api/cms/pageTree?project=kontakt')).toBe(
      'project: must be a document id (24 characters, digits and a to f)',
    );
    expect(await routeRefusal('GET', '/api/payment/revenue?year=25')).toBe(
      'year: must be a year as four digits (e.g. 2025), or -1 for the twelve months up to this one',
    );
    expect(await routeRefusal('POST', '/api/document/find', { model: '1client' })).toBe(
      'model: must be a model name: a letter, then letters and digits',
    );
    expect(await routeRefusal('POST', '/api/formData', { name: 'Kontakt Formular', data: { email: 'a@b.ch' } })).toBe(
      'name: may hold only lowercase letters, digits and -, and must not start with -',
    );
    expect((await t.app.services.documents.find(SYSTEM, 'formData', { limit: 10 })).results).toHaveLength(0);
  });

  it('every pattern of a route schema has its words (x-patternMessage)', () => {
    const missing: string[] = [];
    let patterns = 0;
    const walk = (node: unknown, where: string): void => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (typeof schema.pattern === 'string') {
        patterns += 1;
        if (typeof schema['x-patternMessage'] !== 'string') missing.push(`${where}: ${schema.pattern}`);
      }
      for (const [key, value] of Object.entries(schema)) walk(value, `${where}/${key}`);
    };
    for (const route of collectRoutes(t.app)) {
      const { body, querystring, params, headers } = (route.schema ?? {}) as Record<string, unknown>;
      walk({ body, querystring, params, headers }, `${String(route.method)} ${route.url}`);
    }
    expect(missing).toEqual([]);
    expect(patterns).toBeGreaterThan(10);
  });
});
