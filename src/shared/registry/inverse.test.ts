import { describe, expect, it } from 'vitest';
import type { JsonSchema, SchemaSet } from './jsonSchema';
import { inversePairs, inverseProblems } from './inverse';
import { createRegistry } from './registry';

const id = { type: 'string', pattern: '^[0-9a-f]{24}$' } as const;
const model = (name: string, properties: Record<string, JsonSchema>): JsonSchema => ({
  $id: `https://example.test/models/${name}.schema.json`,
  title: name,
  type: 'object',
  properties,
});
const link = (target: string, inverse?: JsonSchema['x-inverse'], extra: JsonSchema = {}): JsonSchema => ({
  ...id,
  'x-relation': { model: target, populate: ['name'] },
  ...(inverse !== undefined ? { 'x-inverse': inverse } : {}),
  ...extra,
});
const problemsOf = (models: Record<string, JsonSchema>) => {
  const set: SchemaSet = { models, elements: {}, values: {} };
  return inverseProblems(createRegistry(set).models);
};

describe('x-inverse', () => {
  it('accepts a pair whose halves name each other, and finds it from both sides', () => {
    const models = {
      desk: model('desk', { name: { type: 'string' }, occupant: link('person', 'desk') }),
      person: model('person', { name: { type: 'string' }, desk: link('desk', { field: 'occupant', shared: true }) }),
    };
    expect(problemsOf(models)).toEqual([]);
    const registry = createRegistry({ models, elements: {}, values: {} });
    const [pair] = inversePairs(registry.models, registry.models.person);
    expect(pair).toMatchObject({ field: { name: 'desk' }, target: { name: 'desk' }, inverse: { name: 'occupant' } });
    expect(pair.shared).toBe(true);
    expect(inversePairs(registry.models, registry.models.desk)[0].shared).toBe(false);
  });

  it('names what is wrong: a missing field, no relation back, one half only, arrays, no relation, both shared', () => {
    expect(
      problemsOf({ desk: model('desk', { occupant: link('person', 'desk') }), person: model('person', {}) }),
    ).toEqual(['desk.occupant: x-inverse names person.desk, which does not exist']);
    expect(
      problemsOf({
        desk: model('desk', { occupant: link('person', 'desk') }),
        room: model('room', {}),
        person: model('person', { desk: link('room') }),
      }),
    ).toEqual(['desk.occupant: x-inverse names person.desk, which is no x-relation to desk']);
    expect(
      problemsOf({
        desk: model('desk', { occupant: link('person', 'desk') }),
        person: model('person', { desk: link('desk') }),
      }),
    ).toEqual(['desk.occupant: person.desk must name it back with "x-inverse": "occupant"']);
    expect(
      problemsOf({
        desk: model('desk', { occupant: { type: 'string', 'x-inverse': 'desk' } }),
        person: model('person', { desk: link('desk', 'occupant') }),
      }),
    ).toContain('desk.occupant: x-inverse needs an x-relation on the same field');
    expect(
      problemsOf({
        desk: model('desk', { occupants: { type: 'array', items: link('person'), 'x-inverse': 'desk' } }),
        person: model('person', { desk: link('desk', 'occupants') }),
      }),
    ).toEqual(['desk.occupants: x-inverse links one document, not an array of ids']);
    expect(
      problemsOf({
        desk: model('desk', { occupant: link('person', { field: 'desk', shared: true }) }),
        person: model('person', { desk: link('desk', { field: 'occupant', shared: true }) }),
      }),
    ).toEqual([
      'desk.occupant: only one half of a pair may be shared (person.desk is too)',
      'person.desk: only one half of a pair may be shared (desk.occupant is too)',
    ]);
  });

  it('finds no pairs on a model whose annotation is broken', () => {
    const models = { desk: model('desk', { occupant: link('person', 'desk') }), person: model('person', {}) };
    const registry = createRegistry({ models, elements: {}, values: {} });
    expect(inversePairs(registry.models, registry.models.desk)).toEqual([]);
  });
});
