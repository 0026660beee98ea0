import { describe, expect, it } from 'vitest';
import { ELEMENT_TAGS, MODEL_NAMES, schemaSet } from '../../src/shared/generated/schemas';
import {
  createRegistry,
  defaultsOf,
  inversePairs,
  inverseProblems,
  referenceProblems,
  relationAccessProblems,
  treeFields,
  treeProblems,
  type JsonSchema,
} from '../../src/shared/registry';
import { SYSTEM_FIELDS } from '../../src/shared/registry/systemFields';
import { createAjv, describeErrors, fieldErrors } from '../../src/shared/validation/createAjv';
import { KEYWORDS } from '../../src/shared/vocabulary';

const SPEC_MODELS = [
  'page',
  'pageDraft',
  'layout',
  'user',
  'role',
  'project',
  'client',
  'invoice',
  'offer',
  'transaction',
  'redirect',
  'mailTemplate',
  'contactRequest',
  'swarm',
  'config',
  'formData',
  'trackedTime',
  'file',
  'folder',
  'loggingFrame',
  'siteConfig',
  'pointOfSale',
  'posReceipt',
];
const SPEC_ELEMENTS = [
  'paragraph',
  'image',
  'header',
  'video',
  'icon',
  'button',
  'quote',
  'gallery',
  'column',
  'row',
  'container',
  'grid',
  'content',
  'section',
  'screenSection',
  'navigation',
  'footer',
  'spacer',
  'anchor',
  'menu.basic',
  'menu.3d',
  'special.form',
  'special.package',
  'special.serviceCards',
  'special.configurator',
  'contact',
  'hero',
  'phone',
  'phoneScanQr',
  'presentationItem',
  '3d.gaussianViewer',
  '3d.gaussianHotspots',
  '3d.gaussianReplacement',
];

const ajv = createAjv(schemaSet);
const withDefaults = createAjv(schemaSet, { useDefaults: true });
const registry = createRegistry(schemaSet);
const all = (['models', 'elements', 'values'] as const).flatMap((kind) =>
  Object.entries(schemaSet[kind]).map(([name, schema]) => ({ kind, name, schema: schema as JsonSchema })),
);

function walk(node: unknown, visit: (schema: JsonSchema, path: string) => void, path = ''): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((item, i) => walk(item, visit, `${path}/${i}`));
  visit(node as JsonSchema, path);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'default' || key === 'const' || key === 'enum') continue;
    walk(value, visit, `${path}/${key}`);
  }
}

describe('schemas', () => {
  it('has a schema for every model and element of the spec', () => {
    expect([...MODEL_NAMES].sort()).toEqual(expect.arrayContaining([...SPEC_MODELS].sort()));
    // The spec's are there; a developer's own models and elements may come on top.
    expect([...ELEMENT_TAGS].sort()).toEqual(expect.arrayContaining([...SPEC_ELEMENTS].sort()));
  });

  it.each(all.map((e) => [`${e.kind}/${e.name}`, e] as const))('%s compiles in strict Ajv', (_, { schema }) => {
    expect(() => ajv.getSchema(schema.$id!) ?? ajv.compile(schema)).not.toThrow();
    expect(ajv.getSchema(schema.$id!)).toBeTypeOf('function');
  });

  it.each(all.map((e) => [`${e.kind}/${e.name}`, e] as const))(
    '%s has valid examples and defaults',
    (_, { schema }) => {
      const validate = ajv.getSchema(schema.$id!)!;
      expect(schema.title, 'title').toBeTruthy();
      for (const example of schema.examples ?? []) {
        expect(validate(example), describeErrors(fieldErrors(validate.errors))).toBe(true);
      }
      // Defaults in context: filling them into an empty document must give a valid document (plus required values of the example).
      if (schema.default !== undefined) expect(validate(schema.default), 'root default').toBe(true);
      else if (schema.type === 'object' && schema.properties) {
        // A conditional's else branch counts too: an empty document does not meet its `if` (transaction: amount).
        const keys = [...(schema.required ?? []), ...((schema.else as JsonSchema | undefined)?.required ?? [])];
        const required = Object.fromEntries(
          keys.map((key) => [key, (schema.examples?.[0] as Record<string, unknown>)?.[key]]),
        );
        const filled = structuredClone(required);
        withDefaults.getSchema(schema.$id!)!(filled);
        expect(validate(filled), `defaults: ${describeErrors(fieldErrors(validate.errors))}`).toBe(true);
      }
    },
  );

  it('every element has a description, a category, defaults and at least one example', () => {
    for (const element of Object.values(registry.elements)) {
      expect(element.description.length, element.tag).toBeGreaterThan(10);
      expect(element.examples.length, element.tag).toBeGreaterThan(0);
      const validate = ajv.getSchema(element.schema.$id!)!;
      const required = Object.fromEntries(
        (element.schema.required ?? []).map((key) => [key, element.examples[0][key]]),
      );
      expect(validate({ ...structuredClone(element.defaults), ...required }), `${element.tag} defaults`).toBe(true);
    }
  });

  it('uses no x- keyword outside the vocabulary', () => {
    for (const { schema } of all) {
      walk(schema, (node) => {
        for (const key of Object.keys(node)) if (key.startsWith('x-')) expect(KEYWORDS).toContain(key);
      });
    }
  });

  it('bounds every sequence number, so a typed number cannot break the numbering or a payment reference', () => {
    let sequences = 0;
    for (const { schema } of all) {
      walk(schema, (node) => {
        if (!node['x-sequence']) return;
        sequences += 1;
        expect(node.type).toBe('integer');
        expect(node.maximum).toBeLessThanOrEqual(999_999_999);
      });
    }
    expect(sequences).toBeGreaterThanOrEqual(4);
  });

  it("relations name their target's fields (populate, label, where with an allowed value, details), enum labels match their enums, default sorts name fields", () => {
    expect(referenceProblems(registry)).toEqual([]);
    let relations = 0;
    for (const { schema } of all) walk(schema, (node) => void (node['x-relation'] && (relations += 1)));
    expect(relations).toBeGreaterThan(20);
  });

  it('two-way links (x-inverse) sit on top-level relations and name a relation back to their model, which names them back', () => {
    let halves = 0;
    for (const { kind, name, schema } of all) {
      walk(schema, (node, path) => {
        if (node['x-inverse'] === undefined) return;
        halves += 1;
        expect(`${kind}${path}`, `${kind}/${name}${path}`).toMatch(/^models\/properties\/[^/]+$/);
      });
    }
    expect(inverseProblems(registry.models)).toEqual([]);
    expect(relationAccessProblems(registry.models)).toEqual([]);
    // The invoice and the payment that settled it; several payments may name one invoice.
    const pairs = (model: string) =>
      inversePairs(registry.models, registry.models[model]).map((pair) => [
        `${model}.${pair.field.name}`,
        `${pair.target.name}.${pair.inverse.name}`,
        pair.shared,
      ]);
    expect(pairs('invoice')).toEqual([['invoice.transaction', 'transaction.invoice', false]]);
    expect(pairs('transaction')).toEqual([['transaction.invoice', 'invoice.transaction', true]]);
    expect(halves).toBe(2);
  });

  it('tree relations (x-relation.tree) hold one parent of their own model, by _id: pages, drafts and folders', () => {
    expect(treeProblems(registry.models)).toEqual([]);
    const trees = Object.values(registry.models).flatMap((model) =>
      treeFields(model).map((field) => `${model.name}.${field.name}`),
    );
    expect(trees.sort()).toEqual(['folder._parent', 'page._parent', 'pageDraft._parent']);
    // A tree into another model, or of several parents, is refused (the server does not start with it).
    const page = registry.models.page;
    const wrong = {
      ...page,
      fields: page.fields.map((field) =>
        field.name === '_parent' ? { ...field, relation: { ...field.relation!, model: 'layout', many: true } } : field,
      ),
    };
    expect(treeProblems({ page: wrong })).toEqual([
      'page._parent: a tree relation names its own model, not layout',
      'page._parent: a tree relation holds one parent, not an array of ids',
    ]);
  });

  it('says in words what every pattern asks (x-patternMessage beside it), so no refusal shows a regular expression', () => {
    const missing: string[] = [];
    let patterns = 0;
    const system = { $id: 'system fields', properties: SYSTEM_FIELDS } as JsonSchema;
    for (const { kind, name, schema } of [...all, { kind: 'registry', name: 'systemFields', schema: system }]) {
      walk(schema, (node, path) => {
        if (typeof node.pattern !== 'string') return;
        patterns += 1;
        if (!node['x-patternMessage']) missing.push(`${kind}/${name}${path}: ${node.pattern}`);
      });
    }
    expect(missing).toEqual([]);
    expect(patterns).toBeGreaterThan(30);
  });

  it('opening hours take the times their messages promise: opens 00:00 to 23:59, closes 00:00 to 24:00', () => {
    const validate = ajv.getSchema(schemaSet.values.openingHours.$id!)!;
    const refused = (opens: string, closes: string) => {
      validate({ dayOfWeek: ['Monday'], opens, closes });
      return fieldErrors(validate.errors);
    };
    for (const [opens, closes] of [
      ['00:00', '24:00'],
      ['08:30', '23:59'],
      ['23:59', '00:00'],
    ])
      expect(refused(opens, closes), `${opens}–${closes}`).toEqual([]);
    const closesMessage = 'must be a time as hh:mm, from 00:00 to 24:00 (midnight at the end of the day)';
    for (const closes of ['24:01', '24:30', '24:59', '25:00', '8:30'])
      expect(refused('08:00', closes), closes).toEqual([{ field: 'closes', message: closesMessage }]);
    for (const opens of ['24:00', '24:30'])
      expect(refused(opens, '24:00'), opens).toEqual([
        { field: 'opens', message: 'must be a time as hh:mm, from 00:00 to 23:59' },
      ]);
  });

  it('rejects a wrong document with a message naming the field and the rule', () => {
    const validate = ajv.getSchema(registry.models.invoice.schema.$id!)!;
    const ok = validate({
      name: 'R-1',
      status: 'unknown',
      items: [{ name: 'Beratung', price: 'viel', count: 1 }],
      extra: 1,
    });
    expect(ok).toBe(false);
    const message = describeErrors(fieldErrors(validate.errors));
    expect(message).toContain('status: must be one of Open ("open"), Paid ("paid")');
    expect(message).toContain('items.0.price: must be a number');
    expect(message).toContain('extra: is not a known field');
  });

  it('rejects a malformed annotation at compile time', () => {
    const bad = createAjv();
    expect(() => bad.compile({ type: 'number', 'x-currency': 'USD' })).toThrow();
    expect(() => bad.compile({ type: 'string', 'x-unknown': true })).toThrow(/unknown keyword/);
    // An icon the admin does not bundle would show as the neutral one: refused, naming the allowed ones.
    const withIcon = (icon: string) => ({ type: 'object', 'x-admin': { nav: { label: 'Projects', icon } } });
    expect(() => bad.compile(withIcon('Users'))).not.toThrow();
    expect(() => bad.compile(withIcon('HardHat'))).toThrow(/must be equal to one of the allowed values/);
  });

  it('gives new page drafts guest read access, German language; transactions multiplier 1', () => {
    expect(
      defaultsOf(registry.models.pageDraft.schema, registry.models.pageDraft.schema.$id, registry.resolver),
    ).toMatchObject({
      _read: ['guest'],
      language: 'de',
    });
    const transaction = registry.models.transaction.fields.find((f) => f.name === 'multiplier');
    expect(transaction?.schema.default).toBe(1);
  });
});
