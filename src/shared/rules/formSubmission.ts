import { formatDate, partsOf } from '../format/date';
import { ORDER_KEY, orderedKeys } from '../registry/keyOrder';
import type { FieldError } from '../validation/createAjv';
import { requiredFieldMessage } from './requiredField';

/**
 * The server's `format: "email"` (ajv-formats, full mode, which Fastify's and our Ajv use), so that the
 * browser refuses what the server would and nothing more. formSubmission.test.ts holds the two together.
 */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** Message for an e-mail field whose value is no address (public forms, browser and server alike). */
export function invalidEmailMessage(label: string): string {
  return `Feld ${label} ist keine gültige E-Mail-Adresse`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The earliest day a date field (`format: "date"`) of a public form accepts, as YYYY-MM-DD, by its
 * `x-minDate`: `today` is the day of `now` in the site's zone (Europe/Zurich, so browser and server
 * agree), a YYYY-MM-DD is that day; anything else sets no bound (undefined).
 */
export function earliestDate(minDate: unknown, now: Date = new Date()): string | undefined {
  if (minDate === 'today') {
    const day = partsOf(now);
    return day ? `${day.year}-${day.month}-${day.day}` : undefined;
  }
  return typeof minDate === 'string' && ISO_DATE.test(minDate) ? minDate : undefined;
}

/**
 * What is wrong with the value of a date field bounded by `x-minDate` (undefined: nothing): no date
 * (the browser's date input only gives YYYY-MM-DD), or a day before the earliest one.
 */
export function dateFieldMessage(label: string, minDate: unknown, value: string, now?: Date): string | undefined {
  const earliest = earliestDate(minDate, now);
  if (!earliest) return undefined;
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value))) return `Feld ${label} ist kein gültiges Datum`;
  if (value >= earliest) return undefined;
  return minDate === 'today'
    ? `Feld ${label} darf nicht in der Vergangenheit liegen`
    : `Feld ${label} darf nicht vor dem ${formatDate(`${earliest}T12:00:00Z`)} liegen`;
}

/** A value a visitor left out: nothing, blank text, an unticked box, an empty choice list. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

interface FormSchema {
  properties?: Record<string, { title?: unknown; format?: unknown; 'x-minDate'?: unknown } | undefined>;
  required?: unknown;
  [ORDER_KEY]?: unknown;
}

/**
 * What a submission of a generic form (special.form) lacks by the form's own schema: each required
 * field left empty ('Feld {label} ist erforderlich', spec section 5), each e-mail field that holds
 * no address and each date field before its `x-minDate` (`now` says what today is); by field name, in the order the form shows the fields (`x-order`; a form stored without it:
 * required ones in the order of `required`, as jsonb's key order is not the author's). The server refuses such a submission whether or
 * not the form validates in the browser.
 */
export function formSubmissionErrors(
  schema: unknown,
  data: Record<string, unknown>,
  now: Date = new Date(),
): FieldError[] {
  if (!schema || typeof schema !== 'object') return [];
  const { properties, required, [ORDER_KEY]: order } = schema as FormSchema;
  const fields = properties && typeof properties === 'object' ? properties : {};
  const requiredNames = Array.isArray(required) ? required.filter((name) => typeof name === 'string') : [];
  const names = [
    ...new Set(
      Array.isArray(order)
        ? [...orderedKeys(fields, order), ...requiredNames]
        : [...requiredNames, ...Object.keys(fields)],
    ),
  ];
  const errors: FieldError[] = [];
  for (const name of names) {
    const property = Object.hasOwn(fields, name) ? fields[name] : undefined;
    const label = typeof property?.title === 'string' && property.title ? property.title : name;
    const value = Object.hasOwn(data, name) ? data[name] : undefined;
    if (isEmptyValue(value)) {
      if (requiredNames.includes(name)) errors.push({ field: name, message: requiredFieldMessage(label) });
    } else if (property?.format === 'email' && (typeof value !== 'string' || !isEmail(value.trim()))) {
      errors.push({ field: name, message: invalidEmailMessage(label) });
    } else if (property?.format === 'date' && property['x-minDate'] !== undefined) {
      const message = dateFieldMessage(
        label,
        property['x-minDate'],
        typeof value === 'string' ? value.trim() : '',
        now,
      );
      if (message) errors.push({ field: name, message });
    }
  }
  return errors;
}
