import type Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { ElementInfo, JsonSchema, Registry, SchemaSet } from '../registry';
import { createAjv, fieldErrors, type FieldError } from './createAjv';

export type ElementRegistry = Pick<Registry, 'element' | 'resolver' | 'schemas'>;

/** One problem of an element tree: where it is as data, and what it is in the words of the element form. */
export interface ElementProblem {
  /** Dotted data path (`elements.2.props.properties.properties.email`). */
  field: string;
  /** `elements[2] Form › Fields (JSON Schema) › Fields › “email”: must be an object`. */
  message: string;
}

/**
 * How complete the elements must be. `complete`: as their schemas say, required values included (a
 * published page, a layout: saving a layout publishes it). `inProgress`: known tags and values of the right
 * type and shape, but a required value may still be missing (a page draft, saved while being edited).
 */
export type ElementCompleteness = 'complete' | 'inProgress';

/** Checks element nodes against the schemas of their tags (schemas/elements), with its own Ajv. */
export interface ElementChecker {
  registry: ElementRegistry;
  ajv: Ajv2020;
}

export function createElementChecker(registry: ElementRegistry, completeness: ElementCompleteness): ElementChecker {
  const set = { models: {}, elements: registry.schemas.elements, values: registry.schemas.values };
  return { registry, ajv: createAjv(completeness === 'complete' ? set : withoutRequired(set)) };
}

/** At most this many problems are named in a message; the rest are counted. */
export const MAX_NAMED_PROBLEMS = 3;

/** One sentence naming the first problems: `a: must be …; b: is required; and 2 more`. */
export function describeProblems(problems: readonly ElementProblem[]): string {
  const named = problems
    .slice(0, MAX_NAMED_PROBLEMS)
    .map((problem) => problem.message)
    .join('; ');
  const more = problems.length - MAX_NAMED_PROBLEMS;
  return more > 0 ? `${named}; and ${more} more` : named;
}

/**
 * The problems of a document's element list: a page's nodes (`elements[2] Form › …`), or a layout's
 * `{ position, element }` entries (`positioned`; the entry itself is the model schema's to check).
 * Anything that is no list is the model schema's to refuse.
 */
export function elementListProblems(
  elements: unknown,
  checker: ElementChecker,
  { positioned = false, field = 'elements' }: { positioned?: boolean; field?: string } = {},
): ElementProblem[] {
  if (!Array.isArray(elements)) return [];
  return elements.flatMap((entry, index) => {
    const node = positioned ? (isObject(entry) ? entry.element : undefined) : entry;
    if (positioned && node === undefined) return [];
    const path = positioned ? [field, index, 'element'] : [field, index];
    return elementProblems(node, { path, name: (label) => `${field}[${index}] ${label}` }, checker);
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isElementLike = (item: unknown): item is { tag: string; props?: unknown } =>
  isObject(item) && typeof item.tag === 'string';

const join = (...parts: string[]) => parts.filter(Boolean).join(' › ');
const dotted = (path: readonly (string | number)[], field = '') => [...path, ...(field ? [field] : [])].join('.');

/**
 * The problems of one element node and of the elements in its slots, each named in the titles of the
 * element form ("Form › Fields (JSON Schema) › Fields › “email”: must be an object"). `at.path` is where
 * the node sits in the data, `at.name` names it by its element label (the caller adds where it is).
 */
export function elementProblems(
  item: unknown,
  at: { path: readonly (string | number)[]; name: (label: string) => string },
  checker: ElementChecker,
): ElementProblem[] {
  const { registry, ajv } = checker;
  const problem = (field: string, message: string): ElementProblem => ({ field, message });
  if (!isElementLike(item))
    return [problem(dotted(at.path), `${at.name('Element')}: is no element (an element has a "tag" and "props")`)];
  const info = registry.element(item.tag);
  if (!info) return [problem(dotted(at.path, 'tag'), `${at.name(`“${item.tag}”`)}: is no element type of this site`)];
  const label = at.name(info.label);
  // The node itself (tag, props, slot) as page JSON holds it.
  const nodeSchema = registry.schemas.values.elementNode;
  const checkNode = ajv.getSchema(nodeSchema.$id!);
  if (checkNode && !checkNode(item))
    return fieldErrors(readable(checkNode.errors)).map((error) =>
      problem(
        dotted(at.path, error.field),
        `${join(label, titlesOf(error.field, nodeSchema, registry))}: ${error.message}`,
      ),
    );
  const props = (item.props ?? {}) as Record<string, unknown>;
  const problems = propsErrors(info, props, checker).map((error) =>
    problem(
      dotted([...at.path, 'props'], error.field),
      `${join(label, titlesOf(error.field, info.schema, registry))}: ${error.message}`,
    ),
  );
  for (const slot of info.slots) {
    const children = props[slot];
    if (!Array.isArray(children)) continue;
    const slotTitle = info.schema.properties?.[slot]?.title ?? slot;
    children.forEach((child, index) => {
      const name = (childLabel: string) => join(label, slotTitle, `${childLabel} ${index + 1}`);
      problems.push(...elementProblems(child, { path: [...at.path, 'props', slot, index], name }, checker));
    });
  }
  return problems;
}

/**
 * The problems of an element's own props, not those of the elements in its slots (each of those is
 * checked against its own schema), as field errors relative to the props (`properties.properties.email`).
 */
export function propsErrors(info: ElementInfo, props: unknown, checker: ElementChecker): FieldError[] {
  const validate = checker.ajv.getSchema(info.schema.$id!);
  if (!validate || validate(props)) return [];
  return fieldErrors(readable(validate.errors)).filter(
    (error) => !info.slots.some((slot) => error.field.startsWith(`${slot}.`)),
  );
}

/** Ajv's errors with the wording fieldErrors lacks: a constant says its value. */
function readable(errors: ErrorObject[] | null | undefined): ErrorObject[] {
  return (errors ?? []).map((error) =>
    error.keyword === 'const'
      ? { ...error, message: `must be ${JSON.stringify((error.params as Record<string, unknown>).allowedValue)}` }
      : error,
  );
}

/** A dotted props path in the titles of the schema (`sections.1.price` → `Sections › Section 2 › Price`). */
export function titlesOf(field: string, elementSchema: JsonSchema, registry: Pick<Registry, 'resolver'>): string {
  return titlePartsOf(field, elementSchema, registry).join(' › ');
}

/** The title of each step of a dotted props path (`sections.1.price` → `Sections`, `Section 2`, `Price`). */
export function titlePartsOf(field: string, elementSchema: JsonSchema, registry: Pick<Registry, 'resolver'>): string[] {
  if (!field) return [];
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
  return parts;
}

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_ONES = ['items', 'additionalProperties', 'propertyNames', 'contains', 'not', 'if', 'then', 'else'];

/**
 * The schemas with every `required` keyword left out (a property named `required`, as the form fields'
 * list of required fields, stays): what a value in progress must already be. None of the element and
 * value schemas tells branches apart by `required` (no `oneOf`), so leaving it out only lets values be missing.
 */
export function withoutRequired(set: SchemaSet): SchemaSet {
  const strip = (schema: unknown): unknown => {
    if (!isObject(schema)) return schema;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'required' && Array.isArray(value)) continue;
      if (SCHEMA_MAPS.includes(key) && isObject(value))
        out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, strip(child)]));
      else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map(strip);
      else if (SCHEMA_ONES.includes(key)) out[key] = strip(value);
      else out[key] = value;
    }
    return out;
  };
  const each = (kind: Record<string, JsonSchema>) =>
    Object.fromEntries(Object.entries(kind).map(([name, schema]) => [name, strip(schema) as JsonSchema]));
  return { models: each(set.models), elements: each(set.elements), values: each(set.values) };
}
