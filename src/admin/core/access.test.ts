import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../shared/registry';
import { schemaSet } from '../../shared/generated/schemas';
import { mayRead, mayReadDeleted, mayWrite } from './access';

const registry = createRegistry(schemaSet);
const model = (name: string) => registry.model(name)!;
const anna = { _id: 'u-anna', roles: ['staff'] };
/** A staff user as the demo has them: pages and files. */
const staff = { permissions: ['manage:cms', 'manage:files'], user: anna };
const admin = {
  permissions: ['manage:cms', 'manage:files', 'manage:payment', 'manage:backend'],
  user: { _id: 'u-admin', roles: ['admin'] },
};

describe('mayWrite: what the server would let the caller change (assertCanWrite)', () => {
  it('needs the model permission to create and delete', () => {
    expect(mayWrite(staff, model('user'), 'create')).toBe(false);
    expect(mayWrite(staff, model('user'), 'delete', { _id: anna._id })).toBe(false);
    expect(mayWrite(admin, model('user'), 'create')).toBe(true);
    expect(mayWrite(admin, model('user'), 'delete', { _id: anna._id })).toBe(true);
    expect(mayWrite(staff, model('redirect'), 'create')).toBe(true);
  });

  it('lets an owner update their own document, and no one else (x-owner)', () => {
    expect(mayWrite(staff, model('user'), 'update', { _id: anna._id })).toBe(true);
    expect(mayWrite(staff, model('user'), 'update', { _id: 'u-marco' })).toBe(false);
    expect(mayWrite(staff, model('user'), 'update')).toBe(false);
    expect(mayWrite(admin, model('user'), 'update', { _id: 'u-marco' })).toBe(true);
  });

  it("asks an ACL model's _write roles of the document, which admin and superuser pass", () => {
    const file = model('file');
    expect(mayWrite(staff, file, 'update', { _write: ['editor'] })).toBe(false);
    expect(mayWrite(staff, file, 'delete', { _write: ['staff'] })).toBe(true);
    expect(mayWrite(staff, file, 'delete', { _write: [] })).toBe(true);
    expect(mayWrite(admin, file, 'delete', { _write: ['editor'] })).toBe(true);
    // A list's Add asks about no document.
    expect(mayWrite(staff, file, 'create')).toBe(true);
  });
});

describe('mayRead: does a list of the model answer the caller (readMode)', () => {
  it('needs the read permission, owning some documents, or nothing at all', () => {
    expect(mayRead(staff, model('role'))).toBe(false);
    expect(mayRead(admin, model('role'))).toBe(true);
    // Staff list their own user.
    expect(mayRead(staff, model('user'))).toBe(true);
    expect(mayRead(staff, model('project'))).toBe(true);
    // A model the server sent no schema of.
    expect(mayRead(admin, undefined)).toBe(false);
  });
});

describe("mayReadDeleted: who may ask for deleted documents (the server's mayReadDeleted)", () => {
  it('of a model anyone reads (files), only who may change or delete it; of others, who may read it', () => {
    const backend = { permissions: ['manage:backend'] };
    expect(mayReadDeleted(backend, model('file'))).toBe(false);
    expect(mayReadDeleted(staff, model('file'))).toBe(true);
    expect(mayReadDeleted(backend, model('user'))).toBe(true);
  });
});
