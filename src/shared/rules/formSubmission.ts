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
  properties?: Record<string, { title?: unknown; format?: unknown } | undefined>;
  required?: unknown;
  [ORDER_KEY]?: unknown;
}

/**
 * What a submission of a generic form (special.form) lacks by the form's own schema: each required
 * field left empty ('Feld {label} ist erforderlich', spec section 5) and each e-mail field that holds
 * no address; by field name, in the order the form shows the fields (`x-order`; a form stored without it:
 * required ones in the order of `required`, as jsonb's key order is not the author's). The server refuses such a submission whether or
 * not the form validates in the browser.
 */
export function formSubmissionErrors(schema: unknown, data: Record<string, unknown>): FieldError[] {
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
    }
  }
  return errors;
}
