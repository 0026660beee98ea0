import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry } from '../../../shared/registry';
import { createElementChecker } from '../../../shared/validation/elementProblems';
import { prepareSchema, uiSchemaFor } from '../../form';
import { formSchemaOf } from '../editor/ElementForm';
import { elementFormErrors } from './elementFormErrors';

const registry = createRegistry(schemaSet);
const checker = createElementChecker(registry, 'inProgress');
const errorsOf = (tag: string, props: unknown) => {
  const info = registry.element(tag)!;
  const ui = uiSchemaFor(prepareSchema(formSchemaOf(info, false), schemaSet), { rootSchemas: schemaSet });
  return elementFormErrors(info, props, checker, ui);
};

describe('elementFormErrors', () => {
  it('shows the problems inside a form’s fields (edited as JSON) at that field, named by their titles', () => {
    expect(errorsOf('special.form', { name: 'anmeldung', properties: { properties: { email: 5 } } })).toEqual({
      properties: 'Fields › “email”: must be an object',
    });
    expect(
      errorsOf('special.form', {
        name: 'anmeldung',
        properties: { type: 'array', properties: { a: { type: 'text' } } },
      }),
    ).toEqual({
      properties:
        'Type: must be "object"; Fields › “a” › Answer type: must be one of "string", "number", "integer", "boolean"',
    });
    expect(errorsOf('special.form', { name: 'anmeldung', properties: 'Name, E-Mail' })).toEqual({
      properties: 'must be an object',
    });
  });

  it('shows other problems at their own fields, in lists too; a missing required value is no problem yet', () => {
    expect(errorsOf('special.form', { name: 'Anmeldung' })).toEqual({
      name: 'may hold only lowercase letters, digits and -, and must not start with -',
    });
    expect(errorsOf('special.form', {})).toEqual({});
    expect(
      errorsOf('special.configurator', { name: 'offerte', sections: [{ label: 'Grösse', options: [{ price: -5 }] }] }),
    ).toEqual({ 'sections.0.options.0.price': 'must be at least 0,00 CHF' });
    // A prop the schema does not know has no field: the form shows it above its fields.
    expect(errorsOf('paragraph', { text: 'Hallo', colour: 'red' })).toEqual({ colour: 'is not a known field' });
    // The elements in a slot have forms of their own.
    expect(errorsOf('section', { children: [{ tag: 'paragraph', props: { alignment: 'diagonal' } }] })).toEqual({});
  });
});
