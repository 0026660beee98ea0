import { describe, expect, it } from 'vitest';
import { diffDocuments } from './diff';
import { applySuggestion, elementAtFault, elementKeyOf, findingsByElement } from './findings';

const slotsOf = (tag: string) => (tag === 'section' ? ['children'] : []);
const doc = {
  title: 'Wilkommen',
  elements: [
    { tag: 'special.package', props: { list: ['Beratnug'] } },
    { tag: 'section', props: { children: [{ tag: 'paragraph', props: { text: 'Ein Tets und Tetsament' } }] } },
  ],
};

describe('elementAtFault', () => {
  it('finds the element of the first field error that is about one, in a page and in a layout', () => {
    const problem = (field: string) => ({ [field]: 'must be …' });
    expect(elementAtFault(problem('elements.1.props.children.0.props.alignment'), doc.elements, slotsOf)).toBe(
      '1.children.0',
    );
    expect(elementAtFault({ name: 'is taken', 'elements.0.tag': 'unknown' }, doc.elements, slotsOf)).toBe('0');
    expect(elementAtFault({ name: 'is taken' }, doc.elements, slotsOf)).toBeNull();
    expect(elementAtFault(undefined, doc.elements, slotsOf)).toBeNull();
    // A layout's entry: { position, element }; the editor's list holds the elements themselves.
    expect(elementAtFault(problem('elements.1.element.props.children.0.props.text'), doc.elements, slotsOf)).toBe(
      '1.children.0',
    );
  });
});

describe('spell check findings', () => {
  it('finds the element of a finding through slots only', () => {
    expect(elementKeyOf('elements.1.props.children.0.props.text', doc, slotsOf)).toBe('1.children.0');
    expect(elementKeyOf('elements.0.props.list.0', doc, slotsOf)).toBe('0');
    expect(elementKeyOf('title', doc, slotsOf)).toBeNull();
    expect(
      findingsByElement(
        [
          { path: 'elements.1.props.children.0.props.text', word: 'Tets', suggestions: [] },
          { path: 'title', word: 'Wilkommen', suggestions: [] },
        ],
        doc,
        slotsOf,
      ),
    ).toEqual({ '1.children.0': 1 });
  });

  it('replaces the whole word only', () => {
    const next = applySuggestion(
      doc,
      { path: 'elements.1.props.children.0.props.text', word: 'Tets', suggestions: [] },
      'Test',
    );
    expect(next.elements[1].props.children![0].props.text).toBe('Ein Test und Tetsament');
    expect(applySuggestion(doc, { path: 'title', word: 'Wilkommen', suggestions: [] }, 'Willkommen').title).toBe(
      'Willkommen',
    );
    expect(doc.title).toBe('Wilkommen');
  });
});

describe('differences between versions', () => {
  it('lists changed fields and ignores system fields', () => {
    expect(
      diffDocuments(
        { _version: 1, title: 'A', elements: [{ tag: 'p', props: { text: 'x' } }] },
        { _version: 2, title: 'B', elements: [{ tag: 'p', props: { text: 'y' } }] },
      ),
    ).toEqual([
      { path: ['title'], before: 'A', after: 'B' },
      { path: ['elements', 0, 'props', 'text'], before: 'x', after: 'y' },
    ]);
  });
});
