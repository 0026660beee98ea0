/** Request schemas of the public form endpoints: strict, small, and without prototype keys anywhere. */

import { OBJECT_ID } from '../../../shared/registry/systemFields';

export const FORM_BODY_LIMIT = 32 * 1024;

const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];
const fieldName = { type: 'string', minLength: 1, maxLength: 100, not: { enum: FORBIDDEN_KEYS } } as const;
/** The name of a form element (special.form's `name`): submissions are stored under it. */
const formName = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '^[a-z0-9][a-z0-9-]*$',
  'x-patternMessage': 'may hold only lowercase letters, digits and -, and must not start with -',
} as const;
/**
 * A field value of a generic form: a scalar, or a list of short strings (checkboxes, multi-selects).
 * One `type` list rather than `anyOf`: the server's Ajv coerces types, and only leaves a value alone
 * when one of the listed types already matches (so 2 stays a number and "2" a string).
 */
const fieldValue = {
  type: ['string', 'number', 'boolean', 'null', 'array'],
  maxLength: 5000,
  maxItems: 50,
  items: { type: 'string', maxLength: 500 },
} as const;
const objectId = OBJECT_ID;

export const formDataBody = {
  type: 'object',
  required: ['name', 'data'],
  additionalProperties: false,
  properties: {
    name: formName,
    project: objectId,
    data: { type: 'object', maxProperties: 100, propertyNames: fieldName, additionalProperties: fieldValue },
  },
} as const;

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const contactBody = {
  type: 'object',
  required: ['firstName', 'email', 'message'],
  additionalProperties: false,
  properties: {
    firstName: { type: 'string', minLength: 1, maxLength: 100 },
    lastName: text(100),
    email: { type: 'string', format: 'email', minLength: 3, maxLength: 254 },
    phone: text(50),
    subject: text(300),
    message: { type: 'string', minLength: 1, maxLength: 10000 },
    street: text(200),
    streetNumber: text(20),
    city: text(100),
    /** Consent to the terms (AGB); stored as the time the server received it. */
    agb: { type: 'boolean' },
  },
} as const;

/**
 * The configurator's submission (what special.configurator posts): its form name, the option chosen
 * per section (keyed by section label), the total shown to the visitor, and the additional form
 * fields alongside.
 */
export const eventBody = {
  type: 'object',
  required: ['name', 'sections'],
  maxProperties: 64,
  propertyNames: fieldName,
  properties: {
    name: formName,
    project: objectId,
    sections: {
      type: 'object',
      minProperties: 1,
      maxProperties: 30,
      propertyNames: { ...fieldName, maxLength: 200 },
      additionalProperties: text(200),
    },
    price: { type: 'number', minimum: 0, maximum: 100_000_000 },
  },
  additionalProperties: fieldValue,
} as const;

export const okAnswer = {
  200: { type: 'object', additionalProperties: false, required: ['ok'], properties: { ok: { type: 'boolean' } } },
} as const;

export interface FormDataBody {
  name: string;
  project?: string;
  data: Record<string, unknown>;
}

export interface ContactBody {
  firstName: string;
  lastName?: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
  street?: string;
  streetNumber?: string;
  city?: string;
  agb?: boolean;
}

export interface EventBody {
  name: string;
  project?: string;
  sections: Record<string, string>;
  price?: number;
  [field: string]: unknown;
}
