import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry, type ModelInfo } from '../../../shared/registry';
import type { Permission } from '../../../shared/vocabulary';
import { ANONYMOUS, callerOf } from '../../access/caller';
import { relatedScope, relatedView } from './relatedLabels';

const registry = createRegistry(schemaSet);
const GRANTS: Record<string, Permission[]> = { accountant: ['manage:payment'], staff: ['manage:cms', 'manage:files'] };
const caller = (login: string, roles: string[]) =>
  callerOf({ _id: `id-${login}`, login, roles }, (role) => GRANTS[role] ?? []);
const marco = caller('marco', ['accountant']);
const admin = caller('admin', ['admin']);

const user = registry.models.user;
const shared = { key: '_id', label: 'login', shareLabel: true };
const anna = {
  _id: 'id-anna',
  login: 'anna',
  email: 'anna@example.ch',
  roles: ['staff'],
  password: 'hash',
  _deletedAt: '2026-11-01T10:00:00.000Z',
};

describe('labels of related documents the caller may not read', () => {
  it('shares only the key and the label of a relation that says so, not even that the document is deleted', () => {
    expect(relatedView(marco, user, shared, anna)).toEqual({ _id: 'id-anna', login: 'anna' });
    // Looked up among every user (and deleted ones, as for everyone who reads users), not only among their own.
    expect(relatedScope(marco, user, shared)).toEqual({ read: { model: user }, deleted: true });
  });

  it('shows nothing of it without shareLabel, and shows the caller their own user as they may read it', () => {
    const plain = { key: '_id', label: 'login' };
    expect(relatedView(marco, user, plain, anna)).toBeUndefined();
    expect(relatedScope(marco, user, plain)).toEqual({ read: { model: user, ownerId: 'id-marco' }, deleted: true });
    const own = { ...anna, _id: 'id-marco', login: 'marco' };
    expect(relatedView(marco, user, shared, own)).toMatchObject({ login: 'marco', email: 'anna@example.ch' });
  });

  it('shares nothing with anonymous callers, and gives those who may read the target all they may read', () => {
    expect(relatedView(ANONYMOUS, user, shared, anna)).toBeUndefined();
    expect(relatedScope(ANONYMOUS, user, shared)).toBeUndefined();
    expect(relatedView(admin, user, shared, anna)).toMatchObject({ login: 'anna', email: 'anna@example.ch' });
    expect(relatedView(admin, user, shared, anna)).not.toHaveProperty('password');
  });

  it('never shares a label the caller may not read: role-restricted, or hidden by a _read list', () => {
    const restricted: ModelInfo = {
      ...user,
      fields: user.fields.map((field) => (field.name === 'login' ? { ...field, roles: ['admin'] } : field)),
    };
    expect(relatedView(marco, restricted, shared, anna)).toBeUndefined();
    expect(relatedView(admin, restricted, shared, anna)).toMatchObject({ login: 'anna' });

    // A model with `_read` lists (files, here readable by accountants only): a list keeps a document from
    // everyone without one of its roles, whatever the relation shares.
    const files: ModelInfo = {
      ...registry.models.file,
      permission: { ...registry.models.file.permission, read: 'manage:payment' },
    };
    const label = { key: '_id', label: 'name', shareLabel: true };
    const staff = caller('anna', ['staff']);
    expect(
      relatedView(staff, files, label, { _id: 'f1', name: 'lohnliste.pdf', _read: ['accountant'] }),
    ).toBeUndefined();
    expect(relatedView(staff, files, label, { _id: 'f2', name: 'logo.svg', _read: ['staff'] })).toEqual({
      _id: 'f2',
      name: 'logo.svg',
    });
    expect(relatedScope(staff, files, label)?.read).toEqual({ model: files, roles: ['guest', 'staff'] });
  });
});
