import { describe, expect, it } from 'vitest';
import { ANONYMOUS, callerOf } from '../../access/caller';
import { createRegistry } from '../../../shared/registry';
import { schemaSet } from '../../../shared/generated/schemas';
import { visibleSchemas } from './operations';

const registry = createRegistry(schemaSet);
const grants = (role: string) => (role === 'staff' ? (['manage:cms', 'manage:files'] as const) : []);
const user = (login: string, roles: string[]) => callerOf({ _id: login, login, roles }, (role) => [...grants(role)]);

describe('visibleSchemas', () => {
  it('shows the models a caller may work with, without fields restricted to other roles', () => {
    const admin = visibleSchemas(registry, user('ada', ['admin']));
    const staff = visibleSchemas(registry, user('stella', ['staff']));
    expect(Object.keys(admin.models)).toEqual(expect.arrayContaining(['invoice', 'file', 'pageDraft']));
    expect(Object.keys(staff.models)).toContain('file');
    expect(Object.keys(staff.models)).not.toContain('invoice');
    expect(admin.models.file.properties).toHaveProperty('_read');
    expect(staff.models.file.properties).not.toHaveProperty('_read');
    expect(Object.keys(visibleSchemas(registry, ANONYMOUS).models)).not.toContain('invoice');
  });

  it('answers callers who see the same with one object, built once', () => {
    const first = visibleSchemas(registry, user('stella', ['staff']));
    expect(visibleSchemas(registry, user('sam', ['staff']))).toBe(first);
    expect(visibleSchemas(registry, user('ada', ['admin']))).not.toBe(first);
    expect(visibleSchemas(createRegistry(schemaSet), user('sam', ['staff']))).not.toBe(first);
  });
});
