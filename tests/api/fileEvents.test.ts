import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src/server/events/bus';
import { createTestApp } from '../helpers/testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.auth(await t.login());
});
afterAll(() => t.close());

describe('cms/item events', () => {
  it('tell the old and the new folder when an item moves, and the folder when it is renamed', async () => {
    const folder = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/document/updateOne?model=folder',
          headers: admin,
          payload: { name, _parent: null },
        })
      ).json() as { _id: string };
    const from = await folder('Eingang');
    const to = await folder('Archiv');
    const moved = await folder('Belege 2026');
    await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${moved._id}`,
      headers: admin,
      payload: { _parent: from._id },
    });

    const events: ServerEvent[] = [];
    const stop = t.app.services.bus.subscribe((event) => events.push(event));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${moved._id}`,
      headers: admin,
      payload: { _parent: to._id },
    });
    expect(response.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/database/folder/${moved._id}`,
      headers: admin,
      payload: { name: 'Belege' },
    });
    stop();

    const items = events.filter(
      (e): e is Extract<ServerEvent, { type: 'cms/item' }> => e.type === 'cms/item' && e.id === moved._id,
    );
    // The move: one event naming the new folder and the old one; the rename: its folder.
    expect(items.map((e) => [e.parent, e.before?.parent])).toEqual([
      [to._id, from._id],
      [to._id, undefined],
    ]);
  });
});
