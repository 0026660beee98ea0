import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { SchemaSet } from '../registry/jsonSchema';
import { VOCABULARY } from '../vocabulary';

/**
 * Ajv in strict mode with our annotation keywords declared (each with a meta-schema, so a
 * malformed annotation fails at compile time) and every schema of the set added by `$id`.
 */
export function createAjv(set?: SchemaSet, options: { useDefaults?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    allErrors: true,
    useDefaults: options.useDefaults ?? false,
  });
  addFormats(ajv);
  for (const [keyword, entry] of Object.entries(VOCABULARY)) {
    ajv.addKeyword({ keyword, metaSchema: entry.schema });
  }
  if (set) for (const kind of [set.values, set.elements, set.models]) ajv.addSchema(Object.values(kind));
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
  for (const error of errors ?? []) {
    // 'must match "then" schema': the branch's own errors (e.g. a required field) already say what is wrong.
    if (error.keyword === 'if') continue;
    const path = error.instancePath.split('/').slice(1).map(decodeURIComponent);
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      path.push(String(error.params.missingProperty));
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      path.push(String(error.params.additionalProperty));
      message = 'is not a known field';
    } else if (error.keyword === 'enum') {
      message = `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
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

/** One sentence naming every problem: `name: is required; address.zip: must NOT have more than 20 characters`. */
export function describeErrors(errors: FieldError[]): string {
  return errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
}
