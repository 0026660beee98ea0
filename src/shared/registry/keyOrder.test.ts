import { describe, expect, it } from 'vitest';
import { schemaSet } from '../generated/schemas';
import { orderedKeys, recordKeyOrder, restoreKeyOrder } from './keyOrder';
import { createRegistry } from './registry';

const registry = createRegistry(schemaSet);
const formSchema = registry.element('special.form')!.schema;
const fields = () => ({
  vorname: { type: 'string' },
  nachname: { type: 'string' },
  email: { type: 'string', format: 'email' },
});

describe('orderedKeys', () => {
  it('puts the keys the order names first, then the others in their own order', () => {
    const object = { a: 1, b: 2, c: 3 };
    expect(orderedKeys(object, ['c', 'x', 'a', 'c'])).toEqual(['c', 'a', 'b']);
    expect(orderedKeys(object, undefined)).toEqual(['a', 'b', 'c']);
    expect(orderedKeys(object, 'c')).toEqual(['a', 'b', 'c']);
  });
});

describe('recordKeyOrder and restoreKeyOrder', () => {
  it("record the written order of a form's fields (x-ordered, behind a $ref) and restore it after jsonb", () => {
    const props = { name: 'anmeldung', properties: { type: 'object', properties: fields() } };
    recordKeyOrder(formSchema, props, registry.resolver);
    expect(props.properties).toMatchObject({ 'x-order': ['vorname', 'nachname', 'email'] });

    // What jsonb answers: the keys by length, then bytes.
    const stored = {
      name: 'anmeldung',
      properties: {
        type: 'object',
        properties: { email: {}, vorname: {}, nachname: {} },
        'x-order': ['vorname', 'nachname', 'email'],
      },
    };
    restoreKeyOrder(formSchema, stored, registry.resolver);
    expect(Object.keys(stored.properties.properties)).toEqual(['vorname', 'nachname', 'email']);
  });

  it('leave a form without a recorded order as it is, and objects nobody marked alone', () => {
    const stored = { name: 'alt', properties: { type: 'object', properties: { email: {}, vorname: {} } } };
    restoreKeyOrder(formSchema, stored, registry.resolver);
    expect(Object.keys(stored.properties.properties)).toEqual(['email', 'vorname']);
    expect(stored.properties).not.toHaveProperty('x-order');

    const hero = { title: 'Hallo', background: { b: 1, a: 2 } };
    recordKeyOrder(registry.element('hero')!.schema, hero, registry.resolver);
    expect(hero).toEqual({ title: 'Hallo', background: { b: 1, a: 2 } });
  });
});
