import { describe, expect, it } from 'vitest';
import type { ElementNodeValue } from '../../../shared/generated/types';
import {
  flattenElements,
  getNode,
  insertNode,
  moveNode,
  parsePathKey,
  pathKey,
  removeNode,
  updateNode,
} from './elementTree';

const p = (text: string): ElementNodeValue => ({ tag: 'paragraph', props: { text } });
const section = (...children: ElementNodeValue[]): ElementNodeValue => ({ tag: 'section', props: { children } });
const slotsOf = (tag: string) => (tag === 'section' ? ['children'] : []);
const texts = (list: readonly ElementNodeValue[]) =>
  flattenElements(list, slotsOf).map(
    ({ node, depth }) => `${depth}:${String((node.props as { text?: string }).text ?? node.tag)}`,
  );

describe('element tree', () => {
  const page = [p('a'), section(p('b'), p('c')), p('d')];

  it('reads and writes by path without changing the input', () => {
    expect((getNode(page, [1, 'children', 1])?.props as { text?: string }).text).toBe('c');
    const next = updateNode(page, [1, 'children', 0], (node) => ({ ...node, props: { text: 'B' } }));
    expect(texts(next)).toEqual(['0:a', '0:section', '1:B', '1:c', '0:d']);
    expect(texts(page)).toEqual(['0:a', '0:section', '1:b', '1:c', '0:d']);
  });

  it('inserts and removes', () => {
    expect(texts(insertNode(page, [1, 'children'], 1, p('x')))).toEqual([
      '0:a',
      '0:section',
      '1:b',
      '1:x',
      '1:c',
      '0:d',
    ]);
    expect(texts(removeNode(page, [0]))).toEqual(['0:section', '1:b', '1:c', '0:d']);
  });

  it('moves within a list and between slots, answering the new path', () => {
    const down = moveNode(page, [0], [], 3);
    expect(texts(down.elements)).toEqual(['0:section', '1:b', '1:c', '0:d', '0:a']);
    expect(down.path).toEqual([2]);
    const into = moveNode(page, [0], [1, 'children'], 2);
    expect(texts(into.elements)).toEqual(['0:section', '1:b', '1:c', '1:a', '0:d']);
    expect(into.path).toEqual([0, 'children', 2]);
    const out = moveNode(page, [1, 'children', 0], [], 0);
    expect(texts(out.elements)).toEqual(['0:b', '0:a', '0:section', '1:c', '0:d']);
  });

  it('does not move an element into itself', () => {
    const moved = moveNode(page, [1], [1, 'children'], 0);
    expect(moved.elements).toEqual(page);
    expect(moved.path).toEqual([1]);
  });

  it('round-trips path keys', () => {
    expect(parsePathKey(pathKey([1, 'children', 0]))).toEqual([1, 'children', 0]);
    expect(parsePathKey('')).toEqual([]);
  });
});
