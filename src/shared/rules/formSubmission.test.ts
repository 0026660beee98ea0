import { fullFormats } from 'ajv-formats/dist/formats';
import { describe, expect, it } from 'vitest';
import { formSubmissionErrors, isEmail } from './formSubmission';

const schema = {
  type: 'object',
  properties: {
    firstName: { type: 'string', title: 'Vorname' },
    email: { type: 'string', title: 'E-Mail', format: 'email' },
    company: { type: 'string', title: 'Firma' },
    topics: { type: 'array', title: 'Themen' },
  },
  required: ['firstName', 'email', 'topics', 'agb'],
};

describe('isEmail', () => {
  it('agrees with the format the server checks', () => {
    const server = fullFormats.email as RegExp;
    for (const sample of [
      'anna@example.ch',
      'a.b+c@mail.example.com',
      'anna@@example',
      'anna@example',
      'x y@a.ch',
      'anna.@x.ch',
      '@x.ch',
    ]) {
      expect(isEmail(sample), sample).toBe(server.test(sample));
    }
    expect(isEmail('anna@example.ch')).toBe(true);
    expect(isEmail('anna@example')).toBe(false);
  });
});

describe('formSubmissionErrors', () => {
  it('names every required field left empty by its title, in the schema order', () => {
    expect(formSubmissionErrors(schema, {})).toEqual([
      { field: 'firstName', message: 'Feld Vorname ist erforderlich' },
      { field: 'email', message: 'Feld E-Mail ist erforderlich' },
      { field: 'topics', message: 'Feld Themen ist erforderlich' },
      { field: 'agb', message: 'Feld agb ist erforderlich' },
    ]);
  });

  it("names them in the form's recorded field order (x-order) when it has one", () => {
    const ordered = { ...schema, required: ['topics', 'agb', 'email', 'firstName'], 'x-order': ['email', 'topics'] };
    expect(formSubmissionErrors(ordered, {}).map((error) => error.field)).toEqual([
      'email',
      'topics',
      'firstName',
      'agb',
    ]);
  });

  it('counts blank text, an unticked box and an empty list as empty', () => {
    const errors = formSubmissionErrors(schema, { firstName: '  ', email: 'anna@example.ch', topics: [], agb: false });
    expect(errors.map((error) => error.field)).toEqual(['firstName', 'topics', 'agb']);
  });

  it('refuses an e-mail field that holds no address, required or not', () => {
    const optional = { properties: { email: { title: 'E-Mail', format: 'email' } } };
    expect(formSubmissionErrors(optional, { email: 'anna@example' })).toEqual([
      { field: 'email', message: 'Feld E-Mail ist keine gültige E-Mail-Adresse' },
    ]);
    expect(formSubmissionErrors(optional, {})).toEqual([]);
  });

  it('accepts a complete submission and a schema without rules', () => {
    const data = { firstName: 'Anna', email: 'anna@example.ch', topics: ['KMU'], agb: true };
    expect(formSubmissionErrors(schema, data)).toEqual([]);
    expect(formSubmissionErrors({ type: 'object', properties: {} }, {})).toEqual([]);
    expect(formSubmissionErrors(null, {})).toEqual([]);
  });
});
