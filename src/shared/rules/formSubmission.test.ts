import { fullFormats } from 'ajv-formats/dist/formats';
import { describe, expect, it } from 'vitest';
import { earliestDate, formSubmissionErrors, isEmail } from './formSubmission';

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

  it('refuses a date field before its x-minDate: today in Zurich, or a fixed day', () => {
    // 23:30 UTC on 9 June is already 10 June in Basel.
    const now = new Date('2026-06-09T23:30:00Z');
    const form = {
      properties: {
        termin: { title: 'Wunschtermin', format: 'date', 'x-minDate': 'today' },
        kurs: { title: 'Kurs', format: 'date', 'x-minDate': '2026-07-01' },
        frei: { title: 'Frei', format: 'date' },
      },
    };
    expect(formSubmissionErrors(form, { termin: '2026-06-09', kurs: '2026-06-30', frei: '2000-01-01' }, now)).toEqual([
      { field: 'termin', message: 'Feld Wunschtermin darf nicht in der Vergangenheit liegen' },
      { field: 'kurs', message: 'Feld Kurs darf nicht vor dem 01.07.2026 liegen' },
    ]);
    expect(formSubmissionErrors(form, { termin: '10.06.2026' }, now)).toEqual([
      { field: 'termin', message: 'Feld Wunschtermin ist kein gültiges Datum' },
    ]);
    expect(formSubmissionErrors(form, { termin: '2026-06-10', kurs: '2026-07-01' }, now)).toEqual([]);
    expect(formSubmissionErrors(form, {}, now)).toEqual([]);
  });

  it('accepts a complete submission and a schema without rules', () => {
    const data = { firstName: 'Anna', email: 'anna@example.ch', topics: ['KMU'], agb: true };
    expect(formSubmissionErrors(schema, data)).toEqual([]);
    expect(formSubmissionErrors({ type: 'object', properties: {} }, {})).toEqual([]);
    expect(formSubmissionErrors(null, {})).toEqual([]);
  });
});

describe('earliestDate', () => {
  it("is today's date in Zurich for 'today', the day itself for a date, and nothing else", () => {
    expect(earliestDate('today', new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(earliestDate('2026-07-01')).toBe('2026-07-01');
    expect(earliestDate('tomorrow')).toBeUndefined();
    expect(earliestDate(undefined)).toBeUndefined();
  });
});
