import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.auth(await t.login());
});
afterAll(() => t?.close());

const save = (model: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/document/updateOne?model=${model}`, headers: admin, payload });
const saved = async (model: string, payload: object) => {
  const response = await save(model, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown> & { _id: string };
};
const payment = (name: string, direction: 'incoming' | 'outgoing', extra: object = {}) =>
  saved('transaction', { date: '2026-03-12', name, amount: 2100, multiplier: 1, direction, ...extra });

describe("x-relation where: an invoice's transaction must be an incoming payment", () => {
  let client: string;
  beforeAll(async () => {
    client = (
      await saved('client', {
        name: 'Basler Bäckerei GmbH',
        address: { street: 'Freie Strasse', streetNumber: '1', zip: '4001', city: 'Basel', country: 'Schweiz' },
      })
    )._id;
  });
  const invoice = (extra: object = {}) => ({
    name: 'Brot-Shop',
    client,
    date: '2026-03-01',
    status: 'open',
    items: [{ name: 'Shop', price: 2100, count: 1 }],
    ...extra,
  });

  it('accepts an incoming payment and refuses an outgoing one with a 400 naming the field', async () => {
    const incoming = await payment('Basler Bäckerei GmbH', 'incoming');
    const payout = await payment('Auszahlung Lohn', 'outgoing', { type: 'payout' });

    const paid = await save('invoice', invoice({ status: 'paid', transaction: incoming._id }));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().transaction).toBe(incoming._id);

    const message = `Transaction ${payout._id} cannot be chosen here: its Direction is Outgoing, not Incoming`;
    const refused = await save('invoice', invoice({ transaction: payout._id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(`transaction: ${message}`);
    expect(refused.json().fields).toEqual([{ field: 'transaction', message }]);

    // Changing a saved invoice to the payout is refused as well; a made-up id still reads "not found".
    const changed = await save('invoice', { ...paid.json(), transaction: payout._id });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error).toBe(`transaction: ${message}`);
    const missing = await save('invoice', invoice({ transaction: '6b08a2d65023c04f8a67a0a9' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('transaction: Transaction 6b08a2d65023c04f8a67a0a9 not found');
  });

  it('keeps a stored transaction that no longer matches: the invoice saves unchanged, a new one may not name it', async () => {
    const booked = await payment('Basler Bäckerei GmbH', 'incoming');
    const stored = await saved('invoice', invoice({ status: 'paid', transaction: booked._id }));
    // The payment is rebooked as outgoing after the invoice named it (and it named the invoice back).
    const linked = await t.app.inject({
      method: 'GET',
      url: `/api/document/findById?model=transaction&id=${booked._id}`,
      headers: admin,
    });
    expect(linked.json().invoice).toBe(stored._id);
    await saved('transaction', { ...linked.json(), direction: 'outgoing' });

    // The admin form sends every field back, the stored transaction too: the other fields still save.
    const renamed = await save('invoice', { ...stored, name: 'Brot-Shop (umbenannt)' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Brot-Shop (umbenannt)', transaction: booked._id });

    const another = await save('invoice', invoice({ transaction: booked._id }));
    expect(another.statusCode).toBe(400);
    expect(another.json().error).toMatch(
      /^transaction: Transaction \w+ cannot be chosen here: its Direction is Outgoing/,
    );
  });

  it('answers the select only matching documents through the find query the admin sends', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/document/find',
      headers: admin,
      payload: {
        model: 'transaction',
        query: { direction: 'incoming' },
        sort: { name: 1 },
        limit: 500,
        fields: ['name', '_id', 'date', 'amount', 'foreignAmount'],
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const names = (answer.json().results as { name: string }[]).map((doc) => doc.name);
    expect(names).toContain('Basler Bäckerei GmbH');
    expect(names).not.toContain('Auszahlung Lohn');
  });
});
