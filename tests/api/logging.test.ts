import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { LOGGING_BATCH_LIMIT } from '../../src/shared/api/logging';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const VIN = 'WVWZZZAUZKW123456';
const frame = (i: number) => ({
  timestamp: new Date(Date.UTC(2026, 10, 24, 12, 0, 0, i * 50)).toISOString(),
  vin: VIN,
  data: { engineSpeed: 3000 + i, map: 180.5, latitude: 47.55, longitude: 7.59 },
});

describe('POST /api/logging/createEntry', () => {
  let t: TestApp;
  let staff: string;
  const post = (payload: unknown, token: string | null = staff) =>
    t.app.inject({
      method: 'POST',
      url: '/api/logging/createEntry',
      headers: token ? t.auth(token) : {},
      payload: payload as Record<string, unknown>,
    });
  const stored = async () => (await t.app.services.documents.find(SYSTEM, 'loggingFrame', { limit: 1000 })).results;

  beforeAll(async () => {
    t = await createTestApp();
    staff = (await userWithRole(t, await t.login(), 'sam', 'staff')).token;
  });
  afterAll(() => t?.close());

  it('stores one frame or a batch from any logged-in user', async () => {
    expect((await post(frame(0))).json()).toEqual({ stored: 1 });
    const batch = await post({ frames: Array.from({ length: 20 }, (_, i) => frame(i + 1)) });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json()).toEqual({ stored: 20 });
    const rows = await stored();
    expect(rows).toHaveLength(21);
    expect(rows.find((row) => row.timestamp === frame(3).timestamp)?.data).toEqual(frame(3).data);
  });

  it('checks every frame of a batch before keeping any, and names the bad one', async () => {
    const before = (await stored()).length;
    const bad = await post({ frames: [frame(30), { ...frame(31), vin: 'NOT-A-VIN' }, frame(32)] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^frames\[1\]: .*vin/);
    const text = await post({ frames: [{ ...frame(33), data: { engineSpeed: 'fast' } }] });
    expect(text.statusCode).toBe(400);
    expect((await post({ frames: [] })).statusCode).toBe(400);
    expect(
      (await post({ frames: Array.from({ length: LOGGING_BATCH_LIMIT + 1 }, (_, i) => frame(i)) })).json().error,
    ).toBe(`At most ${LOGGING_BATCH_LIMIT} frames per request (got ${LOGGING_BATCH_LIMIT + 1})`);
    expect((await stored()).length).toBe(before);
  });

  it('needs a login', async () => {
    expect((await post(frame(40), null)).statusCode).toBe(401);
  });
});
