import { dateFieldMessage, invalidEmailMessage, isEmail } from '../../shared/rules/formSubmission';
import { requiredFieldMessage } from '../../shared/rules/requiredField';
import { ORDER_KEY, orderedKeys } from '../../shared/registry/keyOrder';
import type { FieldError } from '../../shared/validation/createAjv';
import { formDates } from './dateCode';
import { kindOf, type FieldKind, type PropertySchema } from './fieldKind';

/** One input of a public form, derived from a property of the form's JSON Schema. */
export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options: string[];
  description?: string;
  /** A date field's earliest day (`x-minDate`: `today` or YYYY-MM-DD). */
  minDate?: string;
  /** Said instead of 'Feld {label} ist erforderlich' when it is left empty (a consent box's long label). */
  requiredMessage?: string;
}

export type FormValues = Record<string, string | boolean>;

/** Names that must never become keys of submitted data. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The fields of a form schema (`{ type: 'object', properties, required }`), in the order the editor wrote
 * them (`x-order`, recorded by the server), else in property order.
 * Throws an Error with a readable message when the schema cannot be shown as a form.
 */
export function formFields(schema: unknown): FormField[] {
  if (!schema || typeof schema !== 'object') throw new Error('the field definition is not an object');
  const {
    properties = {},
    required = [],
    [ORDER_KEY]: order,
  } = schema as { properties?: unknown; required?: unknown; [ORDER_KEY]?: unknown };
  if (!properties || typeof properties !== 'object' || Array.isArray(properties))
    throw new Error('"properties" must be an object');
  if (!Array.isArray(required)) throw new Error('"required" must be a list of field names');
  const byName = properties as Record<string, unknown>;
  return orderedKeys(byName, order).map((name) => {
    const value = byName[name];
    if (FORBIDDEN_NAMES.has(name)) throw new Error(`the field name "${name}" is not allowed`);
    if (!value || typeof value !== 'object') throw new Error(`field "${name}" is not an object`);
    const property = value as PropertySchema;
    const kind = kindOf(property);
    return {
      name,
      label: typeof property.title === 'string' && property.title ? property.title : name,
      kind,
      required: required.includes(name),
      options: kind === 'select' ? (property.enum as unknown[]).map(String) : [],
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      ...(kind === 'date' && typeof property['x-minDate'] === 'string' ? { minDate: property['x-minDate'] } : {}),
    };
  });
}

/** Empty values for the fields (checkboxes unticked). */
export function initialValues(fields: FormField[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.kind === 'checkbox' ? false : '']));
}

function isEmpty(value: string | boolean | undefined): boolean {
  return value === undefined || value === false || (typeof value === 'string' && value.trim() === '');
}

/**
 * 'Feld {label} ist erforderlich' for every required field left empty (spec section 5; a field's own
 * `requiredMessage` instead), and what the server refuses too: an e-mail field's address its format
 * refuses, a date field's text that is no day (31.02.2026), a date before the field's `minDate` (`now`
 * says what today is); by field name.
 */
export function validateRequired(fields: FormField[], values: FormValues, now?: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    const text = typeof value === 'string' ? value.trim() : '';
    if (field.required && isEmpty(value))
      errors[field.name] = field.requiredMessage ?? requiredFieldMessage(field.label);
    else if (field.kind === 'email' && text && !isEmail(text)) errors[field.name] = invalidEmailMessage(field.label);
    else if (field.kind === 'date' && text) {
      const message =
        dateProblem(field, text) ??
        (field.minDate ? dateFieldMessage(field.label, field.minDate, text, now) : undefined);
      if (message) errors[field.name] = message;
    }
  }
  return errors;
}

/**
 * Why a date field's text cannot be sent (typed, and no day that exists), in German; undefined when it can. A date
 * field shows only once the date code is loaded (its control waits for it), so text typed into one finds it here.
 */
function dateProblem(field: FormField, text: string): string | undefined {
  return formDates()?.entryProblem(text, 'date', 'de', field.label);
}

/**
 * The date fields whose text cannot be sent (a form that leaves the checks to the server sends no
 * such text either: the server would store it as typed), by field name.
 */
export function entryErrors(fields: FormField[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    const problem = field.kind === 'date' && typeof value === 'string' ? dateProblem(field, value.trim()) : undefined;
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

/**
 * The server's field errors of a refused submission at the form's fields (`serverName` maps a field
 * of the request to the form's, e.g. the contact's firstName to its name): the form's own German
 * message where its check says the same field is wrong, else the server's words. Fields the form
 * does not show are left out.
 */
export function serverFieldErrors(
  fields: FormField[],
  values: FormValues,
  refused: FieldError[],
  serverName: (field: string) => string = (field) => field,
): Record<string, string> {
  const own = validateRequired(
    fields.map((field) => ({ ...field, required: true })),
    values,
  );
  const errors: Record<string, string> = {};
  for (const { field, message } of refused) {
    const name = serverName(field);
    if (!fields.some((candidate) => candidate.name === name) || name in errors) continue;
    errors[name] = own[name] ?? message;
  }
  return errors;
}

/** The submitted data: numbers as numbers, empty optional fields left out. */
export function submittedData(fields: FormField[], values: FormValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (isEmpty(value) && field.kind !== 'checkbox') continue;
    if (field.kind === 'number') {
      const number = parseFloat(String(value).replace(',', '.'));
      if (Number.isFinite(number)) data[field.name] = number;
    } else data[field.name] = typeof value === 'string' ? value.trim() : value;
  }
  return data;
}
