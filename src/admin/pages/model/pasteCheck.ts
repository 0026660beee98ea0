import type Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { ElementNodeValue } from '../../../shared/generated/types';
import type { JsonSchema, Registry } from '../../../shared/registry';
import { fieldErrors } from '../../../shared/validation/createAjv';

export type PasteCheck = { ok: true; nodes: ElementNodeValue[] } | { ok: false; problem: string };

type ElementRegistry = Pick<Registry, 'element' | 'resolver' | 'schemas'>;

/** At most this many problems are named; the rest are counted. */
const MAX_PROBLEMS = 3;

const HOW_TO = 'Copy an element with its copy button in the outline, then paste.';

/**
 * Checks text pasted into the element outline (spec section 2: arrays of elements take clipboard
 * paste): JSON of one element or a list of them, each of a known tag with props its schema in
 * schemas/elements accepts, the elements in its slots too. The problem is named in the user's terms
 * ("Form › Fields (JSON Schema) › Fields › email: must be an object"); nothing is pasted then.
 */
export function checkPastedElements(text: string, registry: ElementRegistry, ajv: Ajv2020): PasteCheck {
  if (text.trim() === '') return { ok: false, problem: `The clipboard is empty. ${HOW_TO}` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `The clipboard holds text, not a copied element. ${HOW_TO}` };
  }
  const items = Array.isArray(value) ? value : [value];
  if (!items.length) return { ok: false, problem: 'The clipboard holds an empty list: there is nothing to paste.' };
  if (items.length === 1 && !isElementLike(items[0]))
    return {
      ok: false,
      problem: `The clipboard holds JSON, but no element (an element has a "tag" and "props"). ${HOW_TO}`,
    };
  const problems = items.flatMap((item, index) =>
    nodeProblems(item, (label) => (items.length > 1 ? `${label} ${index + 1}` : label), registry, ajv),
  );
  if (problems.length === 0) return { ok: true, nodes: items as ElementNodeValue[] };
  const named = problems.slice(0, MAX_PROBLEMS).join('; ');
  const more = problems.length - MAX_PROBLEMS;
  return { ok: false, problem: more > 0 ? `${named}; and ${more} more` : named };
}

const isElementLike = (item: unknown): item is { tag: string; props?: unknown } =>
  typeof item === 'object' &&
  item !== null &&
  !Array.isArray(item) &&
  typeof (item as { tag?: unknown }).tag === 'string';

const join = (...parts: string[]) => parts.filter(Boolean).join(' › ');

/** The problems of one pasted element and the elements in its slots; `name` names it by its label. */
function nodeProblems(
  item: unknown,
  name: (label: string) => string,
  registry: ElementRegistry,
  ajv: Ajv2020,
): string[] {
  if (!isElementLike(item)) return [`${name('Element')}: is no element (an element has a "tag" and "props")`];
  const node = item;
  const info = registry.element(node.tag);
  if (!info) return [`${name(`“${node.tag}”`)}: is no element type of this site`];
  const at = name(info.label);
  // The element itself (tag, props, slot) as page JSON holds it; a layout's element also carries its position.
  const nodeSchema = registry.schemas.values.elementNode;
  const { position, ...shape } = node as Record<string, unknown>;
  const checkNode = ajv.getSchema(nodeSchema.$id!);
  if (checkNode && !checkNode(shape))
    return fieldErrors(readable(checkNode.errors)).map(
      (error) => `${join(at, titlesOf(error.field, nodeSchema, registry))}: ${error.message}`,
    );
  if (position !== undefined && typeof position !== 'number') return [`${at} › Position: must be a number`];
  const props = (node.props ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  const validate = ajv.getSchema(info.schema.$id!);
  if (validate && !validate(props)) {
    for (const error of fieldErrors(readable(validate.errors))) {
      // The elements in a slot are checked one by one below, each against its own schema.
      if (info.slots.some((slot) => error.field.startsWith(`${slot}.`))) continue;
      problems.push(`${join(at, titlesOf(error.field, info.schema, registry))}: ${error.message}`);
    }
  }
  for (const slot of info.slots) {
    const children = props[slot];
    if (!Array.isArray(children)) continue;
    const slotTitle = info.schema.properties?.[slot]?.title ?? slot;
    children.forEach((child, index) => {
      problems.push(...nodeProblems(child, (label) => join(at, slotTitle, `${label} ${index + 1}`), registry, ajv));
    });
  }
  return problems;
}

/**
 * Ajv's errors with the wording fieldErrors lacks: a forbidden field name is named once (not again by
 * the rule inside `propertyNames`), a constant says its value. Slot contents are checked one by one.
 */
function readable(errors: ErrorObject[] | null | undefined): ErrorObject[] {
  return (errors ?? [])
    .filter((error) => error.propertyName === undefined || error.keyword === 'propertyNames')
    .map((error) => {
      const params = error.params as Record<string, unknown>;
      if (error.keyword === 'propertyNames')
        return { ...error, message: `has a name that is not allowed: “${String(params.propertyName)}”` };
      if (error.keyword === 'const') return { ...error, message: `must be ${JSON.stringify(params.allowedValue)}` };
      return error;
    });
}

/** A dotted props path in the titles of the schema (`sections.1.price` → `Sections › Section 2 › Price`). */
function titlesOf(field: string, elementSchema: JsonSchema, registry: Pick<Registry, 'resolver'>): string {
  if (!field) return '';
  let schema: JsonSchema | undefined = elementSchema;
  let base = elementSchema.$id;
  const parts: string[] = [];
  for (const step of field.split('.')) {
    const resolved: { schema: JsonSchema; baseId: string | undefined } | undefined = schema
      ? registry.resolver.deref(schema, base)
      : undefined;
    const current: JsonSchema | undefined = resolved?.schema;
    base = resolved?.baseId ?? base;
    const property: JsonSchema | undefined = current?.properties?.[step];
    const entry: JsonSchema | undefined =
      typeof current?.additionalProperties === 'object' ? current.additionalProperties : undefined;
    if (property) {
      parts.push(property.title ?? step);
      schema = property;
    } else if (current?.items && /^\d+$/.test(step)) {
      parts.push(`${registry.resolver.deref(current.items, base).schema.title ?? 'Entry'} ${Number(step) + 1}`);
      schema = current.items;
    } else {
      // A name the user chose (a form field's) or one the schema does not know: shown as it is.
      parts.push(entry ? `“${step}”` : step);
      schema = entry;
    }
  }
  return parts.join(' › ');
}
