import { describe, expect, it } from 'vitest';
import type { ElementNodeValue } from '../../../shared/generated/types';
import { canHoldChildren, insertionPoint } from './insertionPoint';

const p = (text: string): ElementNodeValue => ({ tag: 'paragraph', props: { text } });
const hero = (...children: ElementNodeValue[]): ElementNodeValue => ({ tag: 'hero', props: { title: 'H', children } });
const slotsOf = (tag: string) => (tag === 'hero' ? ['children'] : []);

describe('insertionPoint', () => {
  const page = [hero(p('a')), p('b')];

  it('puts a new element after the selected one, a container too, unless inside is chosen', () => {
    expect(insertionPoint(page, '0', slotsOf, 'after')).toEqual({ list: [], index: 1 });
    expect(insertionPoint(page, '0', slotsOf, 'inside')).toEqual({ list: [0, 'children'], index: 1 });
    expect(insertionPoint(page, '0.children.0', slotsOf, 'after')).toEqual({ list: [0, 'children'], index: 1 });
    expect(insertionPoint([hero()], '0', slotsOf, 'inside')).toEqual({ list: [0, 'children'], index: 0 });
  });

  it('puts it after an element that takes no children, whatever was chosen; at the end with nothing selected', () => {
    expect(insertionPoint(page, '1', slotsOf, 'inside')).toEqual({ list: [], index: 2 });
    expect(insertionPoint(page, null, slotsOf, 'after')).toEqual({ list: [], index: 2 });
    expect(insertionPoint(page, '5', slotsOf, 'inside')).toEqual({ list: [], index: 2 });
  });

  it('says whether the selected element can take children', () => {
    expect(canHoldChildren(page, '0', slotsOf)).toBe(true);
    expect(canHoldChildren(page, '1', slotsOf)).toBe(false);
    expect(canHoldChildren(page, null, slotsOf)).toBe(false);
  });
});
