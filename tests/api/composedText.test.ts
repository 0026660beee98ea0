import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.auth(await t.login());
});
afterAll(() => t.close());

const save = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/document/updateOne?model=client', headers: admin, payload });
const search = async (term: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/document/find',
    headers: admin,
    payload: { model: 'client', query: {}, search: term, limit: 50 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().results as { name: string }[]).map((doc) => doc.name).sort();
};

describe('text typed with decomposed letters (u + U+0308, as macOS may hand it over)', () => {
  it('is stored composed (NFC), so a search typed on any keyboard finds it, and the other way round', async () => {
    const pasted = await save({ name: 'Mu\u0308ller Ba\u0308ckerei AG', address: { city: 'Zu\u0308rich' } });
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect(pasted.json().name).toBe('Müller Bäckerei AG');
    expect(pasted.json().address.city).toBe('Zürich');
    const typed = await save({ name: 'Müller Söhne' });
    expect(typed.statusCode, typed.body).toBe(200);

    expect(await search('Müller')).toEqual(['Müller Bäckerei AG', 'Müller Söhne']);
    expect(await search('bäckerei')).toEqual(['Müller Bäckerei AG']);
    expect(await search('So\u0308hne')).toEqual(['Müller Söhne']);
    // Other scripts and symbols as they are.
    const others = await save({ name: `Łódź O'Brien "Quote" <b>x</b> 日本語 🚀` });
    expect(others.json().name).toBe(`Łódź O'Brien "Quote" <b>x</b> 日本語 🚀`);
    expect(await search('日本語 🚀')).toEqual([`Łódź O'Brien "Quote" <b>x</b> 日本語 🚀`]);
  });
});
