import { describe, expect, it } from 'vitest';
import { schemaSet } from '../generated/schemas';
import { createRegistry } from '../registry';
import {
  createElementChecker,
  describeProblems,
  elementListProblems,
  withoutRequired,
  type ElementProblem,
} from './elementProblems';

const registry = createRegistry(schemaSet);
const inProgress = createElementChecker(registry, 'inProgress');
const complete = createElementChecker(registry, 'complete');

const form = (props: Record<string, unknown>) => ({ tag: 'special.form', props });
const fields = (properties: unknown) => ({ type: 'object', properties, required: [] });

describe('element list problems (the server checks page, draft and layout elements with these)', () => {
  it('accepts every element as its schema shows it (examples), in progress and complete', () => {
    const examples = Object.values(registry.elements).flatMap((info) =>
      info.examples.map((props) => ({ tag: info.tag, props })),
    );
    expect(examples.length).toBeGreaterThan(30);
    expect(elementListProblems(examples, complete)).toEqual([]);
    expect(elementListProblems(examples, inProgress)).toEqual([]);
  });

  it('names a value of the wrong shape by the element’s index, label and the titles of its form', () => {
    const elements = [
      { tag: 'paragraph', props: { text: 'Hallo' } },
      { tag: 'spacer', props: {} },
      form({ name: 'anmeldung', properties: fields({ email: 5 }) }),
    ];
    const expected: ElementProblem[] = [
      {
        field: 'elements.2.props.properties.properties.email',
        message: 'elements[2] Form › Fields (JSON Schema) › Fields › “email”: must be an object',
      },
    ];
    expect(elementListProblems(elements, inProgress)).toEqual(expected);
    expect(elementListProblems(elements, complete)).toEqual(expected);
    expect(elementListProblems([form({ properties: 'Name, E-Mail' })], inProgress)).toEqual([
      { field: 'elements.0.props.properties', message: 'elements[0] Form › Fields (JSON Schema): must be an object' },
    ]);
  });

  it('lets a required value be missing while in progress, not when complete', () => {
    const elements = [{ tag: 'anchor', props: {} }, form({ title: 'Anmeldung' })];
    expect(elementListProblems(elements, inProgress)).toEqual([]);
    expect(elementListProblems(elements, complete)).toEqual([
      { field: 'elements.0.props.id', message: 'elements[0] Anchor › Id: is required' },
      { field: 'elements.1.props.name', message: 'elements[1] Form › Form name: is required' },
    ]);
    // An image of the gallery whose file is not chosen yet.
    const gallery = [{ tag: 'gallery', props: { images: [{ alt: 'Team' }] } }];
    expect(elementListProblems(gallery, inProgress)).toEqual([]);
    expect(elementListProblems(gallery, complete)).toEqual([
      {
        field: 'elements.0.props.images.0.file',
        message: 'elements[0] Gallery › Images › Image 1 › File: is required',
      },
    ]);
  });

  it('refuses unknown tags, nodes that are no elements and props of other elements, in slots too', () => {
    const elements = [
      { tag: 'marquee', props: {} },
      {
        tag: 'section',
        props: {
          children: [
            { tag: 'paragraph', props: { text: 'Gut' } },
            { tag: 'paragraph', props: { text: 'Schief', alignment: 'diagonal' } },
            { tag: 'blink' },
            'Text',
            { tag: 'paragraph', props: { text: 'Hallo', colour: 'red' } },
          ],
        },
      },
    ];
    expect(elementListProblems(elements, inProgress)).toEqual([
      { field: 'elements.0.tag', message: 'elements[0] “marquee”: is no element type of this site' },
      {
        field: 'elements.1.props.children.1.props.alignment',
        message:
          'elements[1] Section › Children › Paragraph 2 › Alignment: must be one of Left ("left"), Center ("center"), Right ("right"), Justified ("justify")',
      },
      {
        field: 'elements.1.props.children.2.tag',
        message: 'elements[1] Section › Children › “blink” 3: is no element type of this site',
      },
      {
        field: 'elements.1.props.children.3',
        message: 'elements[1] Section › Children › Element 4: is no element (an element has a "tag" and "props")',
      },
      {
        field: 'elements.1.props.children.4.props.colour',
        message: 'elements[1] Section › Children › Paragraph 5 › colour: is not a known field',
      },
    ]);
  });

  it('checks the element of each layout entry (its position is the layout schema’s)', () => {
    const layout = [
      { position: 0, element: { tag: 'navigation', props: { links: [] } } },
      { position: 1000, element: { tag: 'footer', props: { columns: 'none' } } },
      { position: 2000 },
    ];
    expect(elementListProblems(layout, inProgress, { positioned: true })).toEqual([
      { field: 'elements.1.element.props.columns', message: 'elements[1] Footer › Columns: must be a list' },
    ]);
    expect(elementListProblems('no list', inProgress)).toEqual([]);
  });

  it('names at most three problems in a sentence and counts the rest', () => {
    const bad = { tag: 'paragraph', props: { a: 1, b: 2, c: 3, d: 4, e: 5 } };
    const problems = elementListProblems([bad], inProgress);
    expect(problems).toHaveLength(5);
    expect(describeProblems(problems)).toBe(
      'elements[0] Paragraph › a: is not a known field; elements[0] Paragraph › b: is not a known field; ' +
        'elements[0] Paragraph › c: is not a known field; and 2 more',
    );
  });
});

describe('withoutRequired', () => {
  it('leaves out the keyword, keeps a property named required and everything else', () => {
    const stripped = withoutRequired(schemaSet);
    const formFields = stripped.values.formFields;
    expect(schemaSet.values.formFields.properties?.required).toBeDefined();
    expect(formFields.properties?.required).toEqual(schemaSet.values.formFields.properties?.required);
    expect(stripped.elements['special.form'].required).toBeUndefined();
    expect(stripped.values.elementNode.required).toBeUndefined();
    expect(stripped.elements['special.form'].properties?.name).toEqual(
      schemaSet.elements['special.form'].properties?.name,
    );
    // The schemas themselves are not changed.
    expect(schemaSet.elements['special.form'].required).toEqual(['name']);
  });
});
