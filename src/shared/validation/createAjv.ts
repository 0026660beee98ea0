import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { SchemaSet } from '../registry/jsonSchema';
import { formatMoney } from '../format/money';
import { VOCABULARY, type Currency } from '../vocabulary';

/**
 * Ajv in strict mode with our annotation keywords declared (each with a meta-schema, so a
 * malformed annotation fails at compile time) and every schema of the set added by `$id`.
 */
export function createAjv(set?: SchemaSet, options: { useDefaults?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    allErrors: true,
    // Errors carry the schema they broke (an enum's labels go into its message).
    verbose: true,
    useDefaults: options.useDefaults ?? false,
  });
  addFormats(ajv);
  addVocabulary(ajv);
  if (set) for (const kind of [set.values, set.elements, set.models]) ajv.addSchema(Object.values(kind));
  return ajv;
}

/**
 * Declares our annotation keywords on `ajv`, each with its meta-schema (a malformed annotation fails
 * at compile time). The server's route schemas use them too (`x-patternMessage`), on Fastify's Ajv.
 */
export function addVocabulary<T extends Pick<Ajv2020, 'addKeyword'>>(ajv: T): T {
  for (const [keyword, entry] of Object.entries(VOCABULARY)) {
    ajv.addKeyword({ keyword, metaSchema: entry.schema });
  }
  return ajv;
}

export interface FieldError {
  /** Dotted path of the field, e.g. `address.zip` or `items.0.price`; empty for the document itself. */
  field: string;
  message: string;
}

/** Ajv errors as field errors, one per field and rule, in words a person can act on. */
export function fieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  const namesSaid = new Set((errors ?? []).filter(isNameRule).map((error) => nameKey(error)));
  for (const error of errors ?? []) {
    // 'must match "then" schema': the branch's own errors (e.g. a required field) already say what is wrong.
    if (error.keyword === 'if') continue;
    // A rule of `propertyNames` that says nothing more than the `propertyNames` error after it.
    if (error.propertyName !== undefined && error.keyword !== 'propertyNames' && !isNameRule(error)) continue;
    if (error.keyword === 'propertyNames' && namesSaid.has(nameKey(error))) continue;
    const path = error.instancePath.split('/').slice(1).map(decodeURIComponent);
    let message = error.message ?? 'is invalid';
    if (isNameRule(error)) {
      message = `has a name that is not allowed: “${error.propertyName}” (${plainMessage(error)})`;
    } else if (error.keyword === 'propertyNames') {
      message = `has a name that is not allowed: “${String(error.params.propertyName)}”`;
    } else if (error.keyword === 'required') {
      path.push(String(error.params.missingProperty));
      message = 'is required';
    } else if (error.keyword === 'dependentRequired') {
      // Said at the missing field, naming the one that needs it as the form labels it.
      path.push(String(error.params.missingProperty));
      const property = String(error.params.property);
      const title = (error.parentSchema as { properties?: Record<string, { title?: unknown }> } | undefined)
        ?.properties?.[property]?.title;
      message = `is required when ${typeof title === 'string' ? title : property} is set`;
    } else if (error.keyword === 'additionalProperties') {
      path.push(String(error.params.additionalProperty));
      message = 'is not a known field';
    } else {
      message = plainMessage(error) ?? message;
    }
    const field = path.join('.');
    const key = `${field}\u0000${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push({ field, message });
    }
  }
  return result;
}

/** A rule of `propertyNames` with its own words (a pattern's message): said for the name it refused. */
const isNameRule = (error: ErrorObject) => error.propertyName !== undefined && patternMessage(error) !== undefined;
const nameKey = (error: ErrorObject) =>
  `${error.instancePath}\u0000${String(error.propertyName ?? error.params.propertyName)}`;

/** The schema's words for the pattern a value does not match (`x-patternMessage` beside `pattern`). */
const patternMessage = (error: ErrorObject): string | undefined =>
  error.keyword === 'pattern'
    ? (error.parentSchema as { 'x-patternMessage'?: string } | undefined)?.['x-patternMessage']
    : undefined;

/**
 * What a pattern asks, in words: its `x-patternMessage`, else 'is not in the expected form'; never the
 * regular expression itself (a schema test holds every pattern to a message). Needs Ajv's `verbose`.
 */
export const patternWords = (error: ErrorObject): string => patternMessage(error) ?? 'is not in the expected form';

const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time',
  time: 'a time (hh:mm)',
  uri: 'a URL',
  'uri-reference': 'a URL or path',
  uuid: 'a UUID',
  hostname: 'a host name',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

/** How many allowed values a refusal names before it only counts them. */
const LISTED_AT_MOST = 12;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A bound as the field's values read: a money field's (`x-currency`) as money (1.000.000,00 €), else the number. */
function boundWords(error: ErrorObject, limit: number): string {
  const currency = (error.parentSchema as { 'x-currency'?: Currency } | undefined)?.['x-currency'];
  return currency ? formatMoney(limit, currency) : String(limit);
}

/** Ajv's wording for the common rules in words a person reads ("must NOT have fewer than 1 characters" → "must not be empty"). */
function plainMessage(error: ErrorObject): string | undefined {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'enum': {
      // With the schema's labels the people reading it in a form know (the API's caller sees the values too).
      const labels = (error.parentSchema as { 'x-enumLabels'?: string[] } | undefined)?.['x-enumLabels'];
      const allowed = (params.allowedValues as unknown[]).map((value, i) =>
        labels?.[i] !== undefined ? `${labels[i]} (${JSON.stringify(value)})` : JSON.stringify(value),
      );
      // A long list (the site's icons) would fill the form under the field: its select lists them.
      if (allowed.length > LISTED_AT_MOST)
        return `must be one of the ${allowed.length} listed values (${allowed.slice(0, 3).join(', ')}, …)`;
      return `must be one of ${allowed.join(', ')}`;
    }
    case 'pattern':
      return patternWords(error);
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must have at least ${counted(limit, 'character', 'characters')}`;
    case 'maxLength':
      return `must have at most ${counted(limit, 'character', 'characters')}`;
    case 'minItems':
      return `must have at least ${counted(limit, 'entry', 'entries')}`;
    case 'maxItems':
      return `must have at most ${counted(limit, 'entry', 'entries')}`;
    case 'minimum':
      return `must be at least ${boundWords(error, limit)}`;
    case 'maximum':
      return `must be at most ${boundWords(error, limit)}`;
    case 'exclusiveMinimum':
      return `must be more than ${boundWords(error, limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${boundWords(error, limit)}`;
    case 'format': {
      const format = String(params.format);
      return `must be ${FORMAT_WORDS[format] ?? `a valid ${format}`}`;
    }
    case 'type': {
      const types = String(params.type).split(',');
      return `must be ${types.map((type) => TYPE_WORDS[type] ?? type).join(' or ')}`;
    }
    default:
      return undefined;
  }
}

/** One sentence naming every problem: `name: is required; address.zip: must have at most 20 characters`. */
export function describeErrors(errors: FieldError[]): string {
  return errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
}
