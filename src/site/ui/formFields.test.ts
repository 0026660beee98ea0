import { beforeAll, describe, expect, it } from 'vitest';
import { contactField, CONTACT_FIELDS } from '../elements/Contact';
import { loadFormDates } from './dateCode';
import { entryErrors, formFields, serverFieldErrors, validateRequired } from './formFields';
import { hasDateField } from './fieldKind';

// In a page, a form's date fields wait for their code, so its checks run with it there.
beforeAll(() => loadFormDates());

describe('hasDateField', () => {
  it('finds a date field among the properties of a form schema, and none in one that cannot be a form', () => {
    expect(hasDateField({ properties: { termin: { type: 'string', format: 'date', title: 'Wunschtermin' } } })).toBe(
      true,
    );
    expect(hasDateField({ properties: { name: { type: 'string' }, agb: { type: 'boolean' } } })).toBe(false);
    // A choice of days is a select, not a date field.
    expect(hasDateField({ properties: { day: { type: 'string', format: 'date', enum: ['2026-07-06'] } } })).toBe(false);
    expect(hasDateField({ type: 'object', properties: {}, required: [] })).toBe(false);
    expect(hasDateField(undefined)).toBe(false);
    expect(hasDateField({ properties: 'termin' })).toBe(false);
    expect(hasDateField({ properties: { termin: null } })).toBe(false);
  });
});

describe('validateRequired', () => {
  it('names an e-mail the server would refuse, and an empty required field', () => {
    const values = { name: '', email: 'anna@@example.ch', message: 'Hallo', consent: true };
    expect(validateRequired(CONTACT_FIELDS, values)).toEqual({
      name: 'Feld Name ist erforderlich',
      email: 'Feld E-Mail ist keine gültige E-Mail-Adresse',
    });
    expect(validateRequired(CONTACT_FIELDS, { ...values, name: 'Anna', email: 'anna@example.ch' })).toEqual({});
  });

  it("asks for the contact's consent in a short sentence, not by its whole label", () => {
    const values = { name: 'Anna', email: 'anna@example.ch', message: 'Hallo', consent: false };
    expect(validateRequired(CONTACT_FIELDS, values)).toEqual({ consent: 'Bitte stimmen Sie zu.' });
  });

  it("refuses a date field's day before its x-minDate, as the server does", () => {
    const [termin] = formFields({
      type: 'object',
      properties: { termin: { type: 'string', title: 'Wunschtermin', format: 'date', 'x-minDate': 'today' } },
    });
    expect(termin).toMatchObject({ kind: 'date', minDate: 'today' });
    const now = new Date('2026-06-10T08:00:00Z');
    expect(validateRequired([termin], { termin: '2026-06-09' }, now)).toEqual({
      termin: 'Feld Wunschtermin darf nicht in der Vergangenheit liegen',
    });
    expect(validateRequired([termin], { termin: '2026-06-10' }, now)).toEqual({});
    expect(validateRequired([termin], { termin: '' }, now)).toEqual({});
  });

  it("says in German why a date field's text is no day, with or without x-minDate", () => {
    const [termin, geburtstag] = formFields({
      type: 'object',
      properties: {
        termin: { type: 'string', title: 'Wunschtermin', format: 'date', 'x-minDate': 'today' },
        geburtstag: { type: 'string', title: 'Geburtstag', format: 'date' },
      },
    });
    const values = { termin: '31.02.2099', geburtstag: '6.7.2' };
    const expected = {
      termin: 'Feld Wunschtermin: Den 31.02.2099 gibt es nicht, der Februar 2099 hat 28 Tage',
      geburtstag: 'Feld Geburtstag ist unvollständig: bitte als Tag.Monat.Jahr eingeben, z. B. 06.07.2024',
    };
    expect(validateRequired([termin, geburtstag], values)).toEqual(expected);
    // A form that leaves its checks to the server still sends no such text.
    expect(entryErrors([termin, geburtstag], values)).toEqual(expected);
    expect(entryErrors([termin, geburtstag], { termin: '2099-02-28', geburtstag: '' })).toEqual({});
  });
});

describe('serverFieldErrors', () => {
  it("puts the server's field errors at the form's fields, in the form's German where it says the same", () => {
    const values = { name: 'Anna', email: 'anna@@example.ch', message: 'x', consent: true };
    const refused = [
      { field: 'email', message: 'must match format "email"' },
      { field: 'firstName', message: 'must NOT have more than 100 characters' },
      { field: 'street', message: 'is not shown' },
    ];
    expect(serverFieldErrors(CONTACT_FIELDS, values, refused, contactField)).toEqual({
      email: 'Feld E-Mail ist keine gültige E-Mail-Adresse',
      name: 'must NOT have more than 100 characters',
    });
    expect(serverFieldErrors(CONTACT_FIELDS, values, [])).toEqual({});
  });
});

describe('formFields', () => {
  const properties = {
    email: { type: 'string', title: 'E-Mail', format: 'email' },
    vorname: { type: 'string', title: 'Vorname' },
    nachname: { type: 'string', title: 'Nachname' },
  };

  it('lists the fields in the recorded order (x-order), the ones it does not name after them', () => {
    const schema = { type: 'object', properties, required: ['email'], 'x-order': ['vorname', 'gone', 'email'] };
    expect(formFields(schema).map((field) => [field.name, field.kind, field.required])).toEqual([
      ['vorname', 'text', false],
      ['email', 'email', true],
      ['nachname', 'text', false],
    ]);
  });

  it('lists them in property order when no order is recorded (a form stored before it was)', () => {
    expect(formFields({ type: 'object', properties }).map((field) => field.name)).toEqual([
      'email',
      'vorname',
      'nachname',
    ]);
  });
});
