import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../../shared/registry';
import { fieldErrors } from '../../../shared/validation/createAjv';

/** Last copied item, for browsers that refuse clipboard access (no secure context, denied permission). */
let fallback: string | undefined;

export async function copyItem(item: unknown): Promise<void> {
  const text = JSON.stringify(item ?? null);
  fallback = text;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // The in-page copy above still lets the item be pasted in this tab.
  }
}

export async function readClipboard(): Promise<string | undefined> {
  try {
    const text = await navigator.clipboard.readText();
    if (text) return text;
  } catch {
    // Fall back to the last item copied in this page.
  }
  return fallback;
}

/** A refusal's `problem` is for the user; `detail` (the parser's error, Ajv's errors) for the console. */
export type PastedItem = { ok: true; value: unknown } | { ok: false; problem: string; detail?: unknown };

/** At most this many problems are named; the rest are counted. */
const MAX_PROBLEMS = 3;
const HOW_TO = 'Copy an item with its copy button, then paste.';

/**
 * Checks text pasted into a list (spec section 5: clipboard paste of array items must be valid JSON)
 * against the list's item schema, named in the form's titles: `Invoice item › Price: is required`.
 */
export function checkPastedItem(text: string | undefined, itemSchema: JsonSchema): PastedItem {
  if (text === undefined || text.trim() === '') return { ok: false, problem: `The clipboard is empty. ${HOW_TO}` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `The clipboard does not hold valid JSON, no copied item. ${HOW_TO}`, detail: error };
  }
  const validate = validatorOf(itemSchema);
  if (validate(value)) return { ok: true, value };
  const item = itemSchema.title ?? 'Item';
  const problems = fieldErrors(validate.errors).map(
    (error) => `${[item, ...titlesOf(error.field, itemSchema)].join(' › ')}: ${error.message}`,
  );
  const named = problems.slice(0, MAX_PROBLEMS).join('; ');
  const more = problems.length - MAX_PROBLEMS;
  return { ok: false, problem: more > 0 ? `${named}; and ${more} more` : named, detail: validate.errors };
}

// The form's schemas are inlined (no $ref) and carry the annotation keywords: Ajv checks what it knows. Verbose:
// the errors carry their schema, whose annotations fieldErrors words them with (a money field's limit as money).
let ajv: Ajv2020 | undefined;
const validators = new WeakMap<JsonSchema, ValidateFunction>();
function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    ajv ??= addFormats(new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true, verbose: true }));
    validators.set(schema, (validate = ajv.compile(schema)));
  }
  return validate;
}

/** A dotted path of the item in the titles of its (inlined) schema: `items.0.price` → `Items`, `Item 1`, `Price`. */
function titlesOf(field: string, schema: JsonSchema): string[] {
  if (!field) return [];
  let current: JsonSchema | undefined = schema;
  return field.split('.').map((step) => {
    const property: JsonSchema | undefined = current?.properties?.[step];
    if (property) {
      current = property;
      return property.title ?? step;
    }
    if (current?.items && /^\d+$/.test(step)) {
      current = current.items;
      return `${current.title ?? 'Entry'} ${Number(step) + 1}`;
    }
    current = typeof current?.additionalProperties === 'object' ? current.additionalProperties : undefined;
    return step;
  });
}
