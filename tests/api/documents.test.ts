import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/testApp';
import { totals } from '../../src/server/modules/payment/pdf';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.auth(await t.login());
});
afterAll(() => t.close());

const save = (model: string, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/document/updateOne?model=${model}`, headers, payload: payload as object });
const find = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/document/find', headers, payload });

describe('document API', () => {
  it('creates, reads, updates and soft-deletes a client', async () => {
    const created = await save('client', { _id: 'new', name: 'Rheinblick AG', email: 'info@rheinblick.ch' });
    expect(created.statusCode).toBe(200);
    const client = created.json();
    expect(client).toMatchObject({ name: 'Rheinblick AG', _version: 1 });
    expect(client._id).toMatch(/^[0-9a-f]{24}$/);
    expect(client.id).toBeTypeOf('number');

    const read = await t.app.inject({ url: `/api/document/findById?model=client&id=${client._id}`, headers: admin });
    expect(read.json()).toMatchObject({ name: 'Rheinblick AG' });

    const updated = await save('client', { ...client, name: 'Rheinblick Immobilien AG' });
    expect(updated.json()).toMatchObject({ name: 'Rheinblick Immobilien AG', _version: 2, id: client.id });

    const stale = await save('client', { ...client, name: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/changed by someone else/);
    const after = await t.app.inject({ url: `/api/document/findById?model=client&id=${client._id}`, headers: admin });
    expect(after.json().name).toBe('Rheinblick Immobilien AG');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/delete?model=client&id=${client._id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/document/findById?model=client&id=${client._id}`, headers: admin })).statusCode,
    ).toBe(404);
    const withDeleted = await find({ model: 'client', query: { _id: client._id }, deleted: true });
    expect(withDeleted.json().results[0]._deletedAt).toBeTruthy();
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/document/delete?model=client&id=${client._id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 400 naming the field and the rule, and writes nothing', async () => {
    const before = (await find({ model: 'client', page: 0 })).json().total;
    const bad = await save('client', { name: '', email: 'not-an-email', nickname: 'x' });
    expect(bad.statusCode).toBe(400);
    // A field the model does not have is named in `fields` too, as a form would show it.
    expect(bad.json()).toEqual({
      error: 'nickname: is not a field of Client',
      fields: [{ field: 'nickname', message: 'is not a field of Client' }],
    });
    const second = await save('client', { name: '', email: 'not-an-email' });
    expect(second.json().error).toMatch(/name: must not be empty/);
    expect(second.json().error).toMatch(/email: must be an e-mail address/);
    expect(second.json().fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'name' }), expect.objectContaining({ field: 'email' })]),
    );
    expect((await find({ model: 'client', page: 0 })).json().total).toBe(before);
  });

  it('computes invoice totals on the server and ignores a total sent by the client', async () => {
    const client = (await save('client', { name: 'Basler Bau GmbH' })).json();
    const invoice = await save('invoice', {
      name: 'R-2026-01',
      client: client._id,
      date: '2026-11-01',
      status: 'open',
      total: 1,
      items: [
        { name: 'Beratung', price: 180, count: 3.5 },
        { name: 'Workshop', price: 1200.1, count: 1 },
      ],
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json().total).toBe(1830.1);
    const populated = await find({ model: 'invoice', query: { _id: invoice.json()._id }, populate: ['client'] });
    expect(populated.json().results[0].client).toEqual({ _id: client._id, name: 'Basler Bau GmbH' });
  });

  it('sums an invoice total from its lines to the cent, as its PDF prints them', async () => {
    const items = [
      { name: 'Kleinmaterial', price: 0.333, count: 3 },
      { name: 'Porto', price: 0.335, count: 1 },
    ];
    const client = (await save('client', { name: 'Rundungs AG' })).json();
    const invoice = await save('invoice', {
      name: 'R-2026-02',
      client: client._id,
      date: '2026-11-01',
      status: 'open',
      items,
    });
    expect(invoice.statusCode).toBe(200);
    // 1.00 + 0.34 as printed; the unrounded sum 1.334 would store 1.33.
    expect(invoice.json().total).toBe(1.34);
    expect(invoice.json().total).toBe(totals({ items, creditor: { vatNumber: undefined } as never }).net);
  });

  it('lists pages with total, sort, search, filter values and paging', async () => {
    for (let i = 0; i < 30; i++)
      await save('redirect', {
        name: `Weiterleitung ${String(i).padStart(2, '0')}`,
        from: `/alt-${i}`,
        to: `/neu-${i}`,
        permanent: i % 3 === 0,
      });
    const first = await find({ model: 'redirect', page: 0, limit: 25, sort: { name: 1 }, filterFields: ['permanent'] });
    const body = first.json();
    expect(body.total).toBe(30);
    expect(body.results).toHaveLength(25);
    expect(body.results[0].name).toBe('Weiterleitung 00');
    expect(body.filters.permanent.map((o: { value: unknown }) => o.value)).toEqual([true, false]);
    const second = await find({ model: 'redirect', page: 1, limit: 25, sort: { name: 1 } });
    expect(second.json().results.map((r: { name: string }) => r.name)).toEqual([
      'Weiterleitung 25',
      'Weiterleitung 26',
      'Weiterleitung 27',
      'Weiterleitung 28',
      'Weiterleitung 29',
    ]);
    const filtered = await find({ model: 'redirect', page: 0, filter: { permanent: true } });
    expect(filtered.json().total).toBe(10);
    const searched = await find({ model: 'redirect', page: 0, search: 'ung 1' });
    expect(searched.json().total).toBe(10);
    const descending = await find({ model: 'redirect', page: 0, sort: { name: -1 }, limit: 1 });
    expect(descending.json().results[0].name).toBe('Weiterleitung 29');
  });

  it('rejects duplicates of a unique field with 409', async () => {
    expect((await save('redirect', { name: 'A', from: '/einmalig', to: '/x' })).statusCode).toBe(200);
    const duplicate = await save('redirect', { name: 'B', from: '/einmalig', to: '/y' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatch(/from already exists/);
  });

  it('never returns password hashes and hashes passwords on write', async () => {
    const user = await save('user', { login: 'lisa', password: 'lisa-secret-1', roles: [] });
    expect(user.statusCode).toBe(200);
    expect(JSON.stringify(user.json())).not.toContain('argon2');
    expect(user.json().password).toBeUndefined();
    const listed = await find({ model: 'user', page: 0 });
    expect(JSON.stringify(listed.json())).not.toMatch(/argon2|lisa-secret/);
    // Saving the user without a password keeps the old one.
    expect((await save('user', { ...(user.json() as object), email: 'lisa@example.ch' })).statusCode).toBe(200);
    expect(await t.login('lisa', 'lisa-secret-1')).toBeTruthy();
  });

  it('populates nested relations and role names', async () => {
    const anna = (await save('user', { login: 'anna', roles: ['superuser'], password: 'anna-password-1' })).json();
    const client = (await save('client', { name: 'Novartis Campus' })).json();
    const invoice = (
      await save('invoice', {
        name: 'R-2',
        client: client._id,
        date: '2026-10-01',
        status: 'paid',
        items: [{ name: 'Analyse', user: anna._id, price: 100, count: 2 }],
      })
    ).json();
    const populated = (await find({ model: 'invoice', query: { _id: invoice._id }, populate: ['items.user'] })).json();
    expect(populated.results[0].items[0].user).toEqual({ _id: anna._id, login: 'anna' });
    const users = (await find({ model: 'user', query: { login: 'anna' }, populate: ['roles'] })).json();
    expect(users.results[0].roles[0]).toMatchObject({ name: 'superuser' });
    expect((await find({ model: 'invoice', populate: ['name'] })).statusCode).toBe(400);
  });

  it('moves and renames folders without cycles', async () => {
    const parent = (await save('folder', { name: 'Bilder', _parent: null })).json();
    const child = (await save('folder', { name: 'Team', _parent: parent._id })).json();
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${parent._id}`,
      headers: admin,
      payload: { _parent: child._id },
    });
    expect(moved.statusCode).toBe(400);
    const renamed = await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${child._id}`,
      headers: admin,
      payload: { name: 'Team 2026' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Team 2026', _parent: parent._id });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/database/client/${child._id}`,
          headers: admin,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers unknown models and malformed ids with 400', async () => {
    expect((await find({ model: 'nope' })).json()).toEqual({ error: 'Unknown model nope' });
    expect((await t.app.inject({ url: '/api/document/findById?model=client&id=xyz', headers: admin })).statusCode).toBe(
      400,
    );
  });
});

describe('partial updates', () => {
  it('keep the fields a save leaves out, and null clears a field', async () => {
    const client = (
      await save('client', { name: 'Messe Basel', email: 'info@messe.ch', phone: '+41 61 000 00 00' })
    ).json();
    const renamed = (await save('client', { _id: client._id, name: 'MCH Messe Basel' })).json();
    expect(renamed).toMatchObject({ name: 'MCH Messe Basel', email: 'info@messe.ch', phone: '+41 61 000 00 00' });
    const cleared = (await save('client', { _id: client._id, phone: null })).json();
    expect(cleared.phone).toBeUndefined();
    expect(cleared.email).toBe('info@messe.ch');
  });
});
