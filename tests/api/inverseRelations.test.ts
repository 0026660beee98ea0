import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src/server/events/bus';
import { buildApp } from '../../src/server/app';
import { loadSchemaSet } from '../../src/server/schemaSet';
import type { JsonSchema } from '../../src/shared/registry';
import { createTestApp, freshDatabase } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

// Two-way links declared in the schemas alone (`x-inverse`), on fixture models no code knows: a desk and the
// employee sitting at it name each other (one to one); employees name their team, which names one of them,
// the first active one linked, as its lead (shared). Desks need manage:cms, employees and teams manage:backend.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Doc = Record<string, unknown> & { _id: string; _version: number };

let t: TestApp;
let admin: string;
let staff: string;
let backend: string;

const save = (model: string, doc: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/document/updateOne?model=${model}`, headers: t.auth(token), payload: doc });
const saved = async (model: string, doc: object, token = admin) => {
  const response = await save(model, doc, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Doc;
};
const remove = (model: string, id: string, token = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/document/delete?model=${model}&id=${id}`, headers: t.auth(token) });
const read = async (model: string, id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/document/findById?model=${model}&id=${id}`, headers: t.auth(admin) })
  ).json() as Doc;
/** One field of each document, as stored now. */
const fieldOf = (model: string, field: string, docs: Doc[]) =>
  Promise.all(docs.map(async (doc) => (await read(model, doc._id))[field]));

let number = 0;
const desk = (extra: object = {}, token = admin) => saved('desk', { name: `Tisch ${++number}`, ...extra }, token);
const employee = (extra: object = {}) => saved('employee', { name: `Person ${++number}`, ...extra });
const team = () => saved('team', { name: `Team ${++number}` });

beforeAll(async () => {
  t = await createTestApp({
    config: { schemaDirs: [path.resolve('tests/fixtures/schemas'), path.resolve('tests/fixtures/inverse')] },
  });
  admin = await t.login();
  staff = (await userWithRole(t, admin, 'anna', 'staff')).token;
  backend = (await userWithRole(t, admin, 'bruno', 'backend')).token;
});
afterAll(() => t?.close());

describe('x-inverse, one to one (desk.occupant ↔ employee.desk)', () => {
  it('sets, changes and clears the other side from either side', async () => {
    const [ada, ben] = [await employee(), await employee()];
    const window = await desk({ occupant: ada._id });
    expect(await fieldOf('employee', 'desk', [ada, ben])).toEqual([window._id, undefined]);

    // Changed: the employee named before lets go of the desk.
    const changed = await saved('desk', { ...(await read('desk', window._id)), occupant: ben._id });
    expect(await fieldOf('employee', 'desk', [ada, ben])).toEqual([undefined, window._id]);

    // Cleared (a form sends null).
    await saved('desk', { ...changed, occupant: null });
    expect(await fieldOf('employee', 'desk', [ada, ben])).toEqual([undefined, undefined]);

    // From the employee's side: the desk follows.
    await saved('employee', { ...(await read('employee', ada._id)), desk: window._id });
    expect(await fieldOf('desk', 'occupant', [window])).toEqual([ada._id]);
    await saved('employee', { ...(await read('employee', ada._id)), desk: null });
    expect(await fieldOf('desk', 'occupant', [window])).toEqual([undefined]);
  });

  it('moves a desk that was taken: its occupant lets go of it', async () => {
    const ada = await employee();
    const window = await desk({ occupant: ada._id });
    const ben = await employee({ desk: window._id });
    expect(await fieldOf('desk', 'occupant', [window])).toEqual([ben._id]);
    expect(await fieldOf('employee', 'desk', [ada, ben])).toEqual([undefined, window._id]);
  });

  it('saves an unchanged link without writing the other side', async () => {
    const ada = await employee();
    const window = await desk({ occupant: ada._id });
    const version = (await read('employee', ada._id))._version;
    await saved('desk', { ...(await read('desk', window._id)), name: 'Umbenannt' });
    expect((await read('employee', ada._id))._version).toBe(version);
  });

  it('a deleted document is no longer named by the other side, which gets a new version and an update event', async () => {
    const ada = await employee();
    const window = await desk({ occupant: ada._id });
    const version = (await read('desk', window._id))._version;
    const events: ServerEvent[] = [];
    const stop = t.app.services.bus.subscribe((event) => events.push(event));
    expect((await remove('employee', ada._id)).statusCode).toBe(200);
    stop();
    expect(await read('desk', window._id)).toMatchObject({ _version: version + 1 });
    expect((await read('desk', window._id)).occupant).toBeUndefined();
    expect(
      events.flatMap((event) => (event.type === 'document' ? [[event.model, event.id, event.action]] : [])),
    ).toEqual([
      ['employee', ada._id, 'delete'],
      ['desk', window._id, 'update'],
    ]);

    const ben = await employee();
    const door = await desk({ occupant: ben._id });
    expect((await remove('desk', door._id)).statusCode).toBe(200);
    expect((await read('employee', ben._id)).desk).toBeUndefined();
  });
});

describe('x-inverse, shared (employee.team ↔ team.lead)', () => {
  it('the team names its first active member; another member leaves it as it is; the lead leaving clears it', async () => {
    const crew = await team();
    const idle = await employee({ active: false, team: crew._id });
    expect(await fieldOf('team', 'lead', [crew])).toEqual([undefined]);
    const first = await employee({ team: crew._id });
    const second = await employee({ team: crew._id });
    expect(await fieldOf('team', 'lead', [crew])).toEqual([first._id]);
    expect(await fieldOf('employee', 'team', [idle, first, second])).toEqual([crew._id, crew._id, crew._id]);

    await saved('employee', { ...(await read('employee', first._id)), team: null });
    expect(await fieldOf('team', 'lead', [crew])).toEqual([undefined]);
    // The team's own side: naming a lead makes them a member.
    await saved('team', { ...(await read('team', crew._id)), lead: second._id });
    expect(await fieldOf('team', 'lead', [crew])).toEqual([second._id]);
    expect(await fieldOf('employee', 'team', [second])).toEqual([crew._id]);
  });
});

describe('x-inverse and permissions', () => {
  it('refuses a link the caller may write on one side only, and writes nothing', async () => {
    const ada = await employee();
    // Anna may write desks, not employees: linking or unlinking one is a 403 naming the field.
    const window = await desk({}, staff);
    const refused = await save('desk', { ...window, occupant: ada._id }, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: `occupant: Not allowed to update Employee ${String(ada.name)}: this change sets its Desk too, so nothing was saved`,
    });
    expect(await read('desk', window._id)).toMatchObject({ _version: window._version });
    expect((await read('desk', window._id)).occupant).toBeUndefined();
    expect((await read('employee', ada._id))._version).toBe(ada._version);

    // Bruno may write employees, not desks: the same from the other side, and for a delete.
    const door = await desk({ occupant: ada._id });
    const ben = await employee();
    expect((await save('employee', { ...ben, desk: window._id }, backend)).statusCode).toBe(403);
    const gone = await remove('employee', ada._id, backend);
    expect(gone.statusCode).toBe(403);
    expect(gone.json()).toMatchObject({
      error: `Not allowed to update Desk ${String(door.name)}: this delete clears its Occupant too, so nothing was deleted`,
    });
    expect(await fieldOf('employee', 'desk', [ada, ben])).toEqual([door._id, undefined]);
    expect(await fieldOf('desk', 'occupant', [door, window])).toEqual([ada._id, undefined]);

    // A save that leaves the link as it is needs nothing of the other side.
    expect((await save('desk', { ...(await read('desk', door._id)), name: 'Tür' }, staff)).statusCode).toBe(200);
  });
});

describe('x-inverse on many ids', () => {
  // Only single ids are mirrored: an invoice naming its payments as an array would keep one side only, so the
  // server does not start with one.
  it('refuses to start when the invoice side of the pair is an array of payments', async () => {
    const set = await loadSchemaSet([]);
    const invoice = set.models.invoice;
    const { $ref: _ref, ...one } = invoice.properties!.transaction as JsonSchema & { $ref?: string };
    const many = { ...one, type: 'array', items: { type: 'string', pattern: '^[0-9a-f]{24}$' } } as JsonSchema;
    const schemas = {
      ...set,
      models: { ...set.models, invoice: { ...invoice, properties: { ...invoice.properties, transaction: many } } },
    };
    const { db, drop } = await freshDatabase();
    try {
      await expect(buildApp({ logger: false, db, schemas })).rejects.toThrow(
        'x-inverse: invoice.transaction: x-inverse links one document, not an array of ids',
      );
    } finally {
      await drop();
    }
  });
});
