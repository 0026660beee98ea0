import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { createTestApp } from '../helpers/testApp';

// Lists sort names as people read them (SORT_COLLATION in src/server/db/tables.ts), not by their bytes: before,
// 'apfel' came after 'Zebra AG' and every umlaut after the whole alphabet.
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
const NAMES = ['Zebra AG', 'Äpfel AG', 'apfel klein', 'Öl GmbH', 'Oel AG', 'Bäckerei', 'Abo 10', 'Abo 9', 'Straße 1'];

beforeAll(async () => {
  t = await createTestApp();
  admin = t.auth(await t.login());
  for (const name of NAMES) await t.app.services.documents.save(SYSTEM, 'client', { name, firstname: name });
});
afterAll(() => t?.close());

const names = async (body: object) => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/document/find',
    headers: admin,
    payload: { model: 'client', page: 0, limit: 50, ...body },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().results as { name: string }[]).map((client) => client.name);
};

describe('a list sorted by a name', () => {
  // Letters first, accents and case only between otherwise equal names: Äpfel AG before apfel klein (ag < klein).
  const expected = [
    'Abo 9',
    'Abo 10',
    'Äpfel AG',
    'apfel klein',
    'Bäckerei',
    'Oel AG',
    'Öl GmbH',
    'Straße 1',
    'Zebra AG',
  ];

  it('puts umlauts and lower case among their letters, and numbers in their order', async () => {
    expect(await names({ sort: { name: 1 } })).toEqual(expected);
    expect(await names({ sort: { name: -1 } })).toEqual([...expected].reverse());
    // A field without a sort index sorts the same.
    expect(await names({ sort: { firstname: 1 } })).toEqual(expected);
  });

  it('still finds a name exactly, case and umlauts included', async () => {
    expect(await names({ query: { name: 'Äpfel AG' } })).toEqual(['Äpfel AG']);
    expect(await names({ query: { name: 'äpfel ag' } })).toEqual([]);
    expect(await names({ query: { name: { $in: ['Oel AG', 'Öl GmbH', 'OEL AG'] } }, sort: { name: 1 } })).toEqual([
      'Oel AG',
      'Öl GmbH',
    ]);
  });

  it('offers the values of a text filter in the same order', async () => {
    for (const name of ['Zürich Anmeldung', 'Anfrage 10', 'anfrage 9', 'Ärzte-Kontakt'])
      await t.app.services.documents.save(SYSTEM, 'formData', { name, data: {} });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: admin,
      payload: { model: 'formData', page: 0, filterFields: ['name'] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().filters.name.map((option: { label: string }) => option.label)).toEqual([
      'anfrage 9',
      'Anfrage 10',
      'Ärzte-Kontakt',
      'Zürich Anmeldung',
    ]);
  });
});
