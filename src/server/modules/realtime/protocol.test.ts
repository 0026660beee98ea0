import { describe, expect, it } from 'vitest';
import { ANONYMOUS, callerOf } from '../../access/caller';
import type { ServerEvent } from '../../events/bus';
import { affectsSession, pushesFor, type VisibleTo } from './events';
import { createTokenBucket, parseCommand } from './protocol';
import type { JobState, JobStateEvent } from '../../../shared/api/queues';
/** A `queue/state` event's state as the queue service publishes it. */
const jobState = (state: JobState): JobStateEvent => ({
  state,
  progress: 0,
  createdOn: '2026-01-01T00:00:00.000Z',
  data: {},
});

describe('parseCommand', () => {
  it('accepts a command with data and id', () => {
    expect(parseCommand('{"cmd":"login","data":"t","id":3}')).toEqual({
      ok: true,
      command: { cmd: 'login', data: 't', id: 3 },
    });
    expect(parseCommand('{"cmd":"ping"}')).toEqual({ ok: true, command: { cmd: 'ping' } });
  });

  it('answers invalid input with an error reply instead of throwing', () => {
    expect(parseCommand('{oops')).toEqual({ ok: false, reply: { cmd: 'error', error: 'Invalid JSON' } });
    expect(parseCommand('[1,2]')).toMatchObject({ ok: false, reply: { error: 'A message must be a JSON object' } });
    expect(parseCommand('null')).toMatchObject({ ok: false, reply: { error: 'A message must be a JSON object' } });
    expect(parseCommand('{"cmd":5,"id":"a"}')).toEqual({
      ok: false,
      reply: { cmd: 'error', id: 'a', error: 'A message needs a cmd string' },
    });
    expect(parseCommand(`{"cmd":"${'x'.repeat(200)}"}`)).toMatchObject({ ok: false });
    expect(parseCommand('{"cmd":"ping","id":{"a":1}}')).toEqual({
      ok: false,
      reply: { cmd: 'ping', error: 'id must be a string or a number' },
    });
  });

  it('refuses a NUL character anywhere in cmd, id or data, naming where', () => {
    expect(parseCommand('{"cmd":"SimpleQueue.joinQueue","id":7,"data":{"queue":"im\\u0000ages"}}')).toEqual({
      ok: false,
      reply: { cmd: 'SimpleQueue.joinQueue', id: 7, error: 'data.queue: must not contain NUL characters' },
    });
    expect(parseCommand('{"cmd":"x","data":{"a\\u0000":1}}')).toEqual({
      ok: false,
      reply: { cmd: 'x', error: '"data.a\\u0000": keys must not contain NUL characters' },
    });
    expect(parseCommand('{"cmd":"lo\\u0000gin","id":"a"}')).toEqual({
      ok: false,
      reply: { cmd: 'error', id: 'a', error: 'cmd: must not contain NUL characters' },
    });
    expect(parseCommand('{"cmd":"ping","id":"a\\u0000"}')).toEqual({
      ok: false,
      reply: { cmd: 'ping', error: 'id: must not contain NUL characters' },
    });
  });

  it('refuses a lone surrogate in data (PostgreSQL cannot store it), and keeps a whole emoji', () => {
    expect(parseCommand('{"cmd":"x","id":1,"data":{"name":"Team \\ud83d"}}')).toEqual({
      ok: false,
      reply: {
        cmd: 'x',
        id: 1,
        error: 'data.name: must not contain a lone surrogate (half of a character such as an emoji)',
      },
    });
    expect(parseCommand('{"cmd":"x","data":{"name":"Team \\ud83d\\ude80"}}')).toEqual({
      ok: true,
      command: { cmd: 'x', data: { name: 'Team 🚀' } },
    });
  });

  it('keeps a __proto__ key as plain data', () => {
    const parsed = parseCommand('{"cmd":"x","data":{"__proto__":{"polluted":true}}}');
    expect(parsed.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('createTokenBucket', () => {
  it('allows a burst, then refills over time', () => {
    let now = 0;
    const bucket = createTokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 500; // one token at 2 per second
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now += 60_000; // never more than the capacity
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});

describe('pushesFor', () => {
  const payment = callerOf({ _id: 'u1', login: 'p', roles: ['staff'] }, () => ['manage:payment']);
  const backend = callerOf({ _id: 'u2', login: 'b', roles: ['ops'] }, () => ['manage:backend']);
  const visibleTo: VisibleTo = (caller, model, doc) =>
    model === 'client' && caller.permissions.has('manage:payment') ? { ...doc, secret: undefined } : undefined;
  const clientEvent: ServerEvent = {
    type: 'document',
    model: 'client',
    id: 'c1',
    action: 'delete',
    doc: { _id: 'c1', name: 'A', secret: 1 },
  };

  it('forwards documents as the caller may see them, deletes included', () => {
    expect(pushesFor(clientEvent, ANONYMOUS, new Set(), visibleTo)).toEqual([]);
    expect(pushesFor(clientEvent, payment, new Set(), visibleTo)).toEqual([
      {
        type: 'document',
        data: { model: 'client', id: 'c1', action: 'delete', doc: { _id: 'c1', name: 'A', secret: undefined } },
      },
    ]);
  });

  it('forwards cms/item with id and parent only when the item is visible', () => {
    const event: ServerEvent = { type: 'cms/item', id: 'f1', parent: 'p1', model: 'file', doc: { _id: 'f1' } };
    expect(pushesFor(event, payment, new Set(), () => ({ _id: 'f1' }))).toEqual([
      { type: 'cms/item', data: { id: 'f1', parent: 'p1' } },
    ]);
    expect(pushesFor(event, payment, new Set(), () => undefined)).toEqual([]);
  });

  it('sends a cms/item change to each receiver once per folder it saw the item in, and its update to those who see it', () => {
    // Visible to holders of the role its `_read` names (none: to everyone).
    const byRead: VisibleTo = (caller, _model, doc) =>
      !Array.isArray(doc._read) || doc._read.some((role) => caller.roles.includes(role as string)) ? doc : undefined;
    const [staff, admin] = ['staff', 'admin'].map((role) =>
      callerOf({ _id: role, login: role, roles: [role] }, () => []),
    );
    const doc = { _id: 'f1', _parent: 'p2', _read: ['admin'] };
    const base = { type: 'cms/item', id: 'f1', parent: 'p2', model: 'file', doc } as const;
    const reloads = (event: ServerEvent, caller: typeof staff) =>
      pushesFor(event, caller, new Set(), byRead).map((push) =>
        push.type === 'cms/item' ? push.data.parent : push.type,
      );

    // Moved from p1 and made admin-only: admin reloads both folders, staff only the one it saw it in.
    const moved: ServerEvent = { ...base, before: { parent: 'p1', _read: ['staff', 'admin'] } };
    expect(reloads(moved, admin)).toEqual(['p2', 'p1']);
    expect(reloads(moved, staff)).toEqual(['p1']);
    // Only its `_read` changed: one reload of its folder for those who see it before and after.
    const narrowed: ServerEvent = { ...base, before: { parent: 'p2', _read: ['staff', 'admin'] }, update: true };
    expect(reloads(narrowed, admin)).toEqual(['document', 'p2']);
    expect(reloads(narrowed, staff)).toEqual(['p2']);
    expect(pushesFor(narrowed, admin, new Set(), byRead)[0]).toEqual({
      type: 'document',
      data: { model: 'file', id: 'f1', action: 'update', doc },
    });
  });

  it('forwards queue states to members holding manage:backend', () => {
    const event: ServerEvent = { type: 'queue/state', queue: 'images', id: 'j1', state: jobState('completed') };
    expect(pushesFor(event, backend, new Set(['images']), visibleTo)).toEqual([
      { type: 'queue/state', data: { queue: 'images', id: 'j1', state: jobState('completed') } },
    ]);
    expect(pushesFor(event, backend, new Set(['other']), visibleTo)).toEqual([]);
    expect(pushesFor(event, payment, new Set(['images']), visibleTo)).toEqual([]);
  });

  it('re-checks sessions on role changes and on changes of the own user', () => {
    expect(affectsSession({ ...clientEvent, model: 'role' }, 'u1')).toBe(true);
    expect(affectsSession({ ...clientEvent, model: 'user', id: 'u1' }, 'u1')).toBe(true);
    expect(affectsSession({ ...clientEvent, model: 'user', id: 'u9' }, 'u1')).toBe(false);
    expect(affectsSession({ ...clientEvent, model: 'role' }, undefined)).toBe(false);
  });
});
