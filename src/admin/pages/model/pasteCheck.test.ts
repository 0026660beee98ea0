import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry } from '../../../shared/registry';
import { createElementChecker } from '../../../shared/validation/elementProblems';
import { checkPastedElements } from './pasteCheck';

const registry = createRegistry(schemaSet);
const checker = createElementChecker(registry, 'inProgress');
const check = (value: unknown) =>
  checkPastedElements(typeof value === 'string' ? value : JSON.stringify(value), checker);
const problemOf = (value: unknown) => {
  const result = check(value);
  if (result.ok) throw new Error('accepted');
  return result.problem;
};

const form = (properties: unknown) => ({ tag: 'special.form', props: { name: 'anmeldung', properties } });

describe('pasting elements', () => {
  it('accepts every element as its schema shows it (examples), one or a list, and a layout element with its position', () => {
    const examples = Object.values(registry.elements).flatMap((info) =>
      info.examples.map((props) => ({ tag: info.tag, props })),
    );
    expect(examples.length).toBeGreaterThan(30);
    for (const node of examples) expect(check(node), node.tag).toEqual({ ok: true, nodes: [node] });
    expect(check(examples)).toMatchObject({ ok: true });
    expect(check({ tag: 'spacer', props: {}, position: 1000 })).toMatchObject({ ok: true });
    expect(problemOf({ tag: 'spacer', props: {}, position: 'unten' })).toBe('Spacer › Position: must be a number');
  });

  it('refuses a form whose field list is not a list of fields, naming where', () => {
    expect(problemOf(form({ type: 'object', properties: { email: 5 } }))).toBe(
      'Form › Fields (JSON Schema) › Fields › “email”: must be an object',
    );
    expect(problemOf(form('Name, E-Mail'))).toBe('Form › Fields (JSON Schema): must be an object');
    expect(problemOf(form({ type: 'array', items: {} }))).toBe('Form › Fields (JSON Schema) › Type: must be "object"');
    expect(problemOf(form({ properties: ['name', 'email'] }))).toBe(
      'Form › Fields (JSON Schema) › Fields: must be an object',
    );
    expect(problemOf(form({ properties: { name: { type: 'text' } }, required: 'name' }))).toBe(
      'Form › Fields (JSON Schema) › Fields › “name” › Answer type: must be one of "string", "number", "integer", "boolean"; ' +
        'Form › Fields (JSON Schema) › Required fields: must be a list',
    );
    expect(problemOf(form({ properties: JSON.parse('{"__proto__": {"type": "string"}}') }))).toBe(
      'Form › Fields (JSON Schema) › Fields: has a name that is not allowed: “__proto__”',
    );
    // The configurator's additional fields are the same kind of list.
    expect(
      problemOf({ tag: 'special.configurator', props: { name: 'offerte', properties: { properties: { a: [] } } } }),
    ).toBe('Configurator › Additional fields (JSON Schema) › Fields › “a”: must be an object');
  });

  it('names problems of other props by their titles, in lists and in the elements of slots', () => {
    expect(problemOf({ tag: 'paragraph', props: { text: 'Hallo', colour: 'red' } })).toBe(
      'Paragraph › colour: is not a known field',
    );
    // As a draft stores it: an element copied while being edited may still lack a required value.
    expect(check({ tag: 'special.form', props: {} })).toMatchObject({ ok: true });
    expect(problemOf({ tag: 'special.form', props: { name: 'Anmeldung' } })).toBe(
      'Form › Form name: may hold only lowercase letters, digits and -, and must not start with -',
    );
    expect(
      problemOf({
        tag: 'special.configurator',
        props: { name: 'offerte', sections: [{ label: 'Grösse', options: [{ label: 'S', price: -5 }] }] },
      }),
    ).toBe('Configurator › Sections › Section 1 › Options › Option 1 › Price: must be at least 0,00 CHF');
    expect(
      problemOf({
        tag: 'section',
        props: {
          children: [
            { tag: 'paragraph', props: { text: 'Gut' } },
            { tag: 'paragraph', props: { text: 'Schief', alignment: 'diagonal' } },
          ],
        },
      }),
    ).toBe(
      'Section › Children › Paragraph 2 › Alignment: must be one of Left ("left"), Center ("center"), Right ("right"), Justified ("justify")',
    );
    expect(problemOf({ tag: 'section', props: { children: [{ tag: 'paragraph', props: [] }] } })).toBe(
      'Section › Children › Paragraph 1 › Props: must be an object',
    );
  });

  it('refuses what is not an element at all, saying what the clipboard holds', () => {
    expect(problemOf('Beratung in Basel')).toMatch(/^The clipboard holds text, not a copied element\./);
    expect(problemOf('  ')).toMatch(/^The clipboard is empty\./);
    expect(problemOf([])).toBe('The clipboard holds an empty list: there is nothing to paste.');
    expect(problemOf({ type: 'object', properties: {} })).toMatch(/^The clipboard holds JSON, but no element/);
    expect(problemOf({ tag: 'marquee', props: {} })).toBe('“marquee”: is no element type of this site');
    expect(problemOf([{ tag: 'spacer' }, 'x'])).toBe('Element 2: is no element (an element has a "tag" and "props")');
  });

  it('names at most three problems and counts the rest', () => {
    const bad = { tag: 'paragraph', props: { a: 1, b: 2, c: 3, d: 4, e: 5 } };
    expect(problemOf(bad)).toBe(
      'Paragraph › a: is not a known field; Paragraph › b: is not a known field; Paragraph › c: is not a known field; and 2 more',
    );
    expect(problemOf([bad, { tag: 'spacer', props: { x: 1 } }])).toMatch(/^Paragraph 1 › a: .*; and 3 more$/);
  });
});
