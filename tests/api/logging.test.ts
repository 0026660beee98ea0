import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import {
  LOGGING_BATCH_LIMIT,
  LOGGING_BODY_LIMIT_BYTES,
  LOGGING_URLS,
  type LogFramesAnswer,
  type LogSessionsAnswer,
} from '../../src/shared/api/logging';
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

  it('names the bad frame by its place in the request, also after skipped re-sent frames', async () => {
    const before = (await stored()).length;
    const known = { ...frame(34), frameId: 'f-34' };
    expect((await post({ frames: [known] })).json()).toEqual({ stored: 1 });
    const bad = await post({ frames: [known, frame(35), { ...frame(36), data: { engineSpeed: 'fast' } }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'frames[2]: data.engineSpeed: must be a number', index: 2 });
    const single = await post({ ...frame(37), extra: 1 });
    expect(single.json().error).toBe('extra: is not a field of Logging Frame');
    expect((await post({ frames: [frame(38), null] })).json().error).toBe('frames[1]: a frame must be a JSON object');
    expect((await stored()).length).toBe(before + 1);
  });

  it('describes the body as a logging frame or a batch of them in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const body = doc.paths['/api/logging/createEntry'].post.requestBody.content['application/json'].schema;
    const frameRef = { $ref: '#/components/schemas/LoggingFrame' };
    expect(body.oneOf[0]).toEqual(frameRef);
    expect(body.oneOf[1].properties.frames).toEqual({
      type: 'array',
      minItems: 1,
      maxItems: LOGGING_BATCH_LIMIT,
      items: frameRef,
    });
    expect(doc.components.schemas.LoggingFrame.properties.vin.pattern).toBe('^[A-HJ-NPR-Z0-9]{17}$');
  });

  it('refuses a timestamp more than 24 h ahead or before 2000, naming it, also through the document API', async () => {
    const before = (await stored()).length;
    const hour = 60 * 60 * 1000;
    const ahead = new Date(Date.now() + 25 * hour).toISOString();
    const single = await post({ ...frame(41), timestamp: ahead });
    expect(single.statusCode).toBe(400);
    const message = single.json().fields[0].message as string;
    expect(message).toMatch(
      /^is more than 24 hours ahead of the server's clock \(.*, the server's is .*\): is the device's clock right\?$/,
    );
    expect(single.json()).toEqual({
      error: `timestamp: ${message}`,
      fields: [{ field: 'timestamp', message }],
      index: 0,
    });
    const epoch = await post({ frames: [frame(42), { ...frame(43), timestamp: '1970-01-01T00:00:00.000Z' }] });
    expect(epoch.statusCode).toBe(400);
    const unset = "is before the year 2000 (1970-01-01T00:00:00.000Z): is the device's clock set?";
    expect(epoch.json()).toEqual({
      error: `frames[1]: timestamp: ${unset}`,
      fields: [{ field: 'timestamp', message: unset }],
      index: 1,
    });
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=loggingFrame',
      headers: t.auth(staff),
      payload: { ...frame(44), timestamp: '1999-12-31T23:59:59.999Z' },
    });
    expect(api.statusCode).toBe(400);
    expect(api.json().fields).toEqual([
      { field: 'timestamp', message: "is before the year 2000 (1999-12-31T23:59:59.999Z): is the device's clock set?" },
    ]);
    expect((await stored()).length).toBe(before);
    // A device clock a little ahead, and the first moment of 2000, are times a frame may have.
    const other = 'WVWZZZAUZKW900001';
    const fine = [new Date(Date.now() + 23 * hour).toISOString(), '2000-01-01T00:00:00.000Z'];
    const kept = await post({ frames: fine.map((timestamp) => ({ ...frame(45), vin: other, timestamp })) });
    expect(kept.json()).toEqual({ stored: 2 });
  });

  it('refuses a frame naming an _id, its times or version (the server gives them), and stores nothing', async () => {
    const before = (await stored()).length;
    const message = 'is given by the server: leave it out (a frame sent again is recognised by its frameId)';
    for (const _id of ['new', '0123456789abcdef01234567', null]) {
      const single = await post({ ...frame(46), _id });
      expect(single.statusCode, String(_id)).toBe(400);
      expect(single.json()).toEqual({ error: `_id: ${message}`, fields: [{ field: '_id', message }], index: 0 });
    }
    const batch = await post({ frames: [frame(47), { ...frame(48), _id: 'new' }] });
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toEqual({
      error: `frames[1]: _id: ${message}`,
      fields: [{ field: '_id', message }],
      index: 1,
    });
    // Nor the row's times or version: a frame marked deleted was stored as a live one.
    for (const [field, value] of Object.entries({
      _deletedAt: '2026-01-01T00:00:00.000Z',
      _createdAt: '2020-01-01T00:00:00.000Z',
      _updatedAt: '2020-01-01T00:00:00.000Z',
      _version: 7,
    })) {
      const answer = await post({ frames: [frame(49), { ...frame(50), [field]: value }] });
      expect(answer.statusCode, field).toBe(400);
      const said = 'is given by the server: leave it out';
      expect(answer.json()).toEqual({
        error: `frames[1]: ${field}: ${said}`,
        fields: [{ field, message: said }],
        index: 1,
      });
    }
    expect((await stored()).length).toBe(before);
  });

  it('needs a login', async () => {
    expect((await post(frame(40), null)).statusCode).toBe(401);
  });

  it('does not store a re-sent frame twice (frameId)', async () => {
    const a = { ...frame(60), frameId: 'f-60' };
    const b = { ...frame(61), frameId: 'f-61' };
    expect((await post({ frames: [a] })).json()).toEqual({ stored: 1 });
    expect((await post({ frames: [a, b, b] })).json()).toEqual({ stored: 1, duplicates: 2 });
    const rows = (await stored()).filter((row) => String(row.frameId).startsWith('f-6'));
    expect(rows.map((row) => row.frameId).sort()).toEqual(['f-60', 'f-61']);
  });

  it('stores a batch in one transaction: a write failing half-way leaves none of it', async () => {
    const before = (await stored()).length;
    const batch = [
      { ...frame(70), frameId: 'f-70' },
      { ...frame(71), frameId: 'f-71' },
      { ...frame(72), vin: 'not a vin' },
    ];
    await expect(t.app.services.documents.saveMany(SYSTEM, 'loggingFrame', batch)).rejects.toThrow('vin');
    expect((await stored()).length).toBe(before);
  });

  it('a batch whose later frame meets a stored or an earlier frameId answers 409 naming it, and stores none', async () => {
    const { documents } = t.app.services;
    await documents.saveMany(SYSTEM, 'loggingFrame', [{ ...frame(80), frameId: 'f-80' }]);
    const before = (await stored()).length;
    const failure = (batch: object[]) =>
      documents.saveMany(SYSTEM, 'loggingFrame', batch as Record<string, unknown>[]).then(
        () => undefined,
        (error: unknown) => error,
      );
    const stale = await failure([
      { ...frame(81), frameId: 'f-81' },
      { ...frame(82), frameId: 'f-82' },
      { ...frame(83), frameId: 'f-80' },
    ]);
    expect(stale).toMatchObject({ status: 409, message: 'frameId already exists', details: { index: 2 } });
    const twice = await failure([
      { ...frame(84), frameId: 'f-84' },
      { ...frame(85), frameId: 'f-85' },
      { ...frame(86), frameId: 'f-84' },
    ]);
    expect(twice).toMatchObject({ status: 409, message: 'frameId already exists', details: { index: 2 } });
    expect((await stored()).length).toBe(before);
  });

  it('answers 400 naming the body for a body over the limit, and stores nothing', async () => {
    const before = (await stored()).length;
    const huge = { frames: [{ ...frame(50), data: { engineSpeed: 1 }, pad: 'x'.repeat(LOGGING_BODY_LIMIT_BYTES) }] };
    const res = await post(huge);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      `body: larger than ${LOGGING_BODY_LIMIT_BYTES} bytes, the limit of one upload (send fewer frames per request)`,
    );
    expect((await stored()).length).toBe(before);
    // Other failures still answer as everywhere else.
    expect((await post({ frames: [] })).statusCode).toBe(400);
    expect((await post({}, null)).statusCode).toBe(401);
  });

  it('derives sessions from gaps, answers columns and CSV, for readers of logging frames only', async () => {
    const other = 'WVWZZZAUZKW654321';
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 20, 8, 0, 0) + ms).toISOString();
    const frames = [
      { timestamp: at(0), vin: other, data: { engineSpeed: 900, latitude: 47.5 } },
      { timestamp: at(50), vin: other, data: { engineSpeed: 6000, boost: 1.2 } },
      { timestamp: at(50 + 61_000), vin: other, data: { engineSpeed: 800 } },
    ];
    expect((await post({ frames })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: LOGGING_URLS.sessions, headers: t.auth(staff) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: LOGGING_URLS.sessions })).statusCode).toBe(401);
    const admin = await t.login();
    const res = await t.app.inject({ method: 'GET', url: LOGGING_URLS.sessions, headers: t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const sessions = (res.json() as LogSessionsAnswer).sessions.filter((s) => s.vin === other);
    expect(sessions.map((s) => [s.start, s.end, s.frames])).toEqual([
      [at(50 + 61_000), at(50 + 61_000), 1],
      [at(0), at(50), 2],
    ]);
    expect(sessions[1].max).toEqual({ engineSpeed: 6000, boost: 1.2, latitude: 47.5 });
    expect(sessions[1].min).toEqual({ engineSpeed: 900, boost: 1.2, latitude: 47.5 });
    const q = `?session=${encodeURIComponent(sessions[1].id)}`;
    const cols = await t.app.inject({ method: 'GET', url: LOGGING_URLS.frames + q, headers: t.auth(admin) });
    const answer = cols.json() as LogFramesAnswer;
    expect(answer.time).toEqual([Date.parse(at(0)) / 1000, Date.parse(at(50)) / 1000]);
    expect(answer.columns).toEqual({ engineSpeed: [900, 6000], latitude: [47.5, null], boost: [null, 1.2] });
    const csv = await t.app.inject({ method: 'GET', url: LOGGING_URLS.exportCsv + q, headers: t.auth(admin) });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.trim().split('\n')).toEqual([
      'Time,Timestamp,boost,engineSpeed,latitude',
      `0.000,${at(0)},,900,47.5`,
      `0.050,${at(50)},1.2,6000,`,
    ]);
    const missing = await t.app.inject({
      method: 'GET',
      url: LOGGING_URLS.frames + '?session=x',
      headers: t.auth(admin),
    });
    expect(missing.statusCode).toBe(404);
  });
  it('exports each value at its channel resolution, without the float noise of the decoding', async () => {
    const vin = 'WVWZZZAUZKW777777';
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 21, 9, 0, 0) + ms).toISOString();
    const data = {
      map: 5.199999999999989, // x / 10 kPa
      ambientPressure: 96.79933665008292, // x / 120.6 kPa
      boost: -91.59933665008293,
      oilTemp: 97.55999999999999, // (x − 2731.4) / 10 °C
      engineSpeed: 2318.75, // x / 4 rpm: quarters stay exact
      lambda: 1.001953125, // x / 1024
      horsepower: 1513.3138677084735,
      knockAverage: -0.0025000000000000022,
      latitude: 47.5596123,
      speed: 13.888888888888891,
    };
    expect((await post({ frames: [{ timestamp: at(0), vin, data }] })).statusCode).toBe(200);
    const admin = await t.login();
    const { sessions } = (
      await t.app.inject({ method: 'GET', url: LOGGING_URLS.sessions, headers: t.auth(admin) })
    ).json() as LogSessionsAnswer;
    const session = sessions.find((s) => s.vin === vin)!;
    const csv = await t.app.inject({
      method: 'GET',
      url: `${LOGGING_URLS.exportCsv}?session=${encodeURIComponent(session.id)}`,
      headers: t.auth(admin),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row] = csv.body.trim().split('\n');
    const cells = Object.fromEntries(header.split(',').map((name, i) => [name, row.split(',')[i]]));
    expect(cells).toEqual({
      Time: '0.000',
      Timestamp: at(0),
      ambientPressure: '96.7993',
      boost: '-91.5993',
      engineSpeed: '2318.75',
      horsepower: '1513.31',
      knockAverage: '-0.0025',
      lambda: '1.00195',
      latitude: '47.5596123',
      map: '5.2',
      oilTemp: '97.56',
      speed: '13.8888888889',
    });
  });
});

describe('createEntry rate limit (LOGGING_RATE_PER_MINUTE)', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('answers 429 past the frames a user may upload per minute, per user', async () => {
    t = await createTestApp({ config: { loggingRatePerMinute: 6 } });
    const admin = await t.login();
    const sam = (await userWithRole(t, admin, 'sam', 'staff')).token;
    const post = (token: string, frames: unknown[]) =>
      t.app.inject({ method: 'POST', url: LOGGING_URLS.createEntry, headers: t.auth(token), payload: { frames } });
    expect((await post(sam, [frame(1), frame(2), frame(3), frame(4), frame(5)])).statusCode).toBe(200);
    expect((await post(sam, [frame(6)])).statusCode).toBe(200);
    const limited = await post(sam, [frame(7)]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('Too many logging frames: at most 6 per minute');
    expect((await post(admin, [frame(8)])).statusCode).toBe(200);
  });
});
