import { describe, expect, it } from 'vitest';
import type { JsonSchema, SchemaSet } from './jsonSchema';
import { createRegistry } from './registry';
import { accessImplies, relationAccessProblems } from './relationAccess';

const model = (name: string, permission: JsonSchema['x-permission'], properties: Record<string, JsonSchema> = {}) =>
  ({
    $id: `https://example.test/models/${name}.schema.json`,
    title: name,
    type: 'object',
    'x-permission': permission,
    properties: { name: { type: 'string' }, ...properties },
    ...(properties.client ? { required: ['client'] } : {}),
  }) as JsonSchema;
const client = { type: 'string', 'x-relation': { model: 'client', populate: ['name'] } } as JsonSchema;
const problemsOf = (...schemas: JsonSchema[]) => {
  const models = Object.fromEntries(schemas.map((schema) => [schema.title!, schema]));
  const set: SchemaSet = { models, elements: {}, values: {} };
  return relationAccessProblems(createRegistry(set).models);
};

describe('accessImplies', () => {
  it('holds for the same permission, for any login before authenticated and public, and for the server only', () => {
    expect(accessImplies('manage:cms', 'manage:cms')).toBe(true);
    expect(accessImplies('manage:cms', 'authenticated')).toBe(true);
    expect(accessImplies('authenticated', 'public')).toBe(true);
    expect(accessImplies('nobody', 'manage:payment')).toBe(true);
    expect(accessImplies('manage:cms', 'manage:payment')).toBe(false);
    expect(accessImplies('authenticated', 'manage:cms')).toBe(false);
    expect(accessImplies('public', 'authenticated')).toBe(false);
    expect(accessImplies('manage:cms', 'nobody')).toBe(false);
  });
});

describe('relationAccessProblems', () => {
  const clients = model('client', { read: 'manage:payment', create: 'manage:payment' });

  it('names a required relation whose model some creators may not read', () => {
    const project = model('project', { read: 'authenticated', create: 'manage:cms' }, { client });
    expect(problemsOf(clients, project)).toEqual([
      'project.client: who may create project (manage:cms) may not read client (manage:payment), which the required field needs: grant the read, or make the field optional',
    ]);
  });

  it('accepts it when the creators may read the related model, or the field is optional', () => {
    expect(problemsOf(clients, model('project', { create: 'manage:payment' }, { client }))).toEqual([]);
    const optional = { ...model('project', { create: 'manage:cms' }, { client }), required: [] };
    expect(problemsOf(clients, optional)).toEqual([]);
  });
});
