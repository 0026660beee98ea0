import { describe, expect, it } from 'vitest';
import { describeProblems } from '../../../shared/validation/elementProblems';
import { standingRefusal, type Refusal } from './refusal';

const header = { tag: 'header', props: { text: 'Anmeldung' } };
const form = { tag: 'special.form', props: { title: 'Workshop' } };
const anchor = { tag: 'anchor', props: {} };
const refused = { name: 'Workshop', elements: [header, form, anchor] };
const problems = [
  { field: 'elements.1.props.name', message: 'elements[1] Form › Form name: is required' },
  { field: 'elements.2.props.id', message: 'elements[2] Anchor › Id: is required' },
];
/** A refused publish as the page editor keeps it (the element check's 400: its message names its problems). */
const refusal: Refusal = {
  label: 'Not published',
  message: describeProblems(problems),
  fields: Object.fromEntries(problems.map((problem) => [problem.field, problem.message])),
  refused,
};
const withProps = (index: number, props: Record<string, unknown>) => ({
  ...refused,
  elements: refused.elements.map((node, at) => (at === index ? { ...node, props: { ...node.props, ...props } } : node)),
});

describe('standingRefusal', () => {
  it('stands as it was while nothing it names has changed, also when another element changed', () => {
    expect(standingRefusal(refusal, refused)).toBe(refusal);
    expect(standingRefusal(refusal, structuredClone(refused))).toBe(refusal);
    expect(standingRefusal(refusal, withProps(0, { text: 'Anmeldung Workshop' }))).toBe(refusal);
  });

  it('names only the problems left once one of them was answered, and points at the element left', () => {
    const left = standingRefusal(refusal, withProps(1, { name: 'w' }));
    expect(left).toEqual({
      ...refusal,
      message: 'elements[2] Anchor › Id: is required',
      fields: { 'elements.2.props.id': 'elements[2] Anchor › Id: is required' },
    });
  });

  it('goes when every problem was answered: a value typed, or the element removed', () => {
    const named = withProps(1, { name: 'workshop' });
    expect(standingRefusal(refusal, { ...named, elements: named.elements.slice(0, 2) })).toBeNull();
    expect(standingRefusal(refusal, { ...refused, elements: [header] })).toBeNull();
  });

  it('keeps another message whole while a problem stands, and goes with the last', () => {
    const schema: Refusal = { ...refusal, message: 'elements.1.props.name: is required; elements.2.props.id: …' };
    expect(standingRefusal(schema, withProps(1, { name: 'w' }))?.message).toBe(schema.message);
    expect(standingRefusal(schema, withProps(2, { id: 'x' }))?.fields).toEqual({
      'elements.1.props.name': 'elements[1] Form › Form name: is required',
    });
  });

  it("keeps a refusal without fields, and the document's own problem, until the next try", () => {
    const denied: Refusal = {
      label: 'Not published',
      message: "Not allowed to publish: the page's _write excludes you",
    };
    expect(standingRefusal(denied, withProps(1, { name: 'w' }))).toBe(denied);
    const own: Refusal = { label: 'Not published', message: 'Not possible', fields: { '': 'Not possible' }, refused };
    expect(standingRefusal(own, { ...refused, name: 'Anders' })).toBe(own);
    expect(standingRefusal(null, refused)).toBeNull();
  });
});
