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

/** The Paste button being pressed: where a refusal of what it pastes is shown. */
let pasteButton: HTMLElement | undefined;

export async function readClipboard(): Promise<string | undefined> {
  // Called from the Paste button's click, before anything is awaited: the event is still the click.
  pasteButton = buttonOf(typeof window === 'undefined' ? undefined : window.event);
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

/**
 * The item to insert from pasted text, or undefined: text that is not JSON, or JSON the item schema
 * refuses, is logged, and the refusal is shown under the Paste button until dismissed or the next paste.
 */
export function parsePastedItem(text: string | undefined, itemSchema: JsonSchema): unknown {
  const checked = checkPastedItem(text, itemSchema);
  showRefusal(pasteButton, checked.ok ? undefined : checked.problem);
  pasteButton = undefined;
  if (checked.ok) return checked.value;
  console.warn(`Paste ignored: ${checked.problem}`, ...(checked.detail === undefined ? [] : [checked.detail]));
  return undefined;
}

// The form's schemas are inlined (no $ref) and carry the annotation keywords: Ajv checks what it knows.
let ajv: Ajv2020 | undefined;
const validators = new WeakMap<JsonSchema, ValidateFunction>();
function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    ajv ??= addFormats(new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true }));
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

function buttonOf(event: Event | undefined): HTMLElement | undefined {
  const target = event?.target;
  return target instanceof Element ? (target.closest('button') ?? undefined) : undefined;
}

const REFUSAL = 'data-paste-refusal';
const ICON = (paths: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="mt-0.5 size-4 shrink-0">${paths}</svg>`;

/**
 * The refusal under the list's header (as the page editor shows a refused element paste), replacing one
 * shown before; none removes it. Drawn outside React: the list's template only calls these functions.
 */
function showRefusal(button: HTMLElement | undefined, problem: string | undefined): void {
  const header = button?.parentElement;
  const list = header?.parentElement;
  if (!header || !list) return;
  list.querySelector(`:scope > [${REFUSAL}]`)?.remove();
  if (problem === undefined) return;
  const alert = document.createElement('div');
  alert.setAttribute(REFUSAL, '');
  alert.setAttribute('role', 'alert');
  alert.className =
    'flex items-start gap-2 rounded-md border border-red-200 bg-red-50 py-1.5 pr-1 pl-2.5 text-[13px] text-red-700';
  alert.innerHTML = ICON(
    '<circle cx="12" cy="12" r="10"/><line x1="12" x2="12" y1="8" y2="12"/><line x1="12" x2="12.01" y1="16" y2="16"/>',
  );
  const text = document.createElement('p');
  text.className = 'min-w-0 flex-1 break-words';
  text.textContent = `Not pasted: ${problem}`;
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.title = 'Dismiss';
  dismiss.setAttribute('aria-label', 'Dismiss');
  dismiss.className =
    'inline-flex size-6 shrink-0 items-center justify-center rounded-md text-red-600 hover:bg-red-100 hover:text-red-800';
  dismiss.innerHTML = ICON('<path d="M18 6 6 18"/><path d="m6 6 12 12"/>').replace('mt-0.5 size-4', 'size-3.5');
  dismiss.addEventListener('click', () => alert.remove());
  alert.append(text, dismiss);
  header.after(alert);
}
