import { describe, expect, it } from 'vitest';
import {
  clickAction,
  clickSelection,
  deleteRefusal,
  toggleSelection,
  isSelectAll,
  isTypingTarget,
  pruneSelection,
  selectAll,
} from './selection';

describe('file browser selection', () => {
  it('selects one item on a plain click, replacing the selection', () => {
    expect([...clickSelection(new Set(['a', 'b']), 'c', {})]).toEqual(['c']);
    expect([...clickSelection(new Set(['a']), 'a', {})]).toEqual(['a']);
  });

  it('toggles in a multi-selection on shift-click', () => {
    const two = clickSelection(new Set(['a']), 'b', { shiftKey: true });
    expect([...two]).toEqual(['a', 'b']);
    expect([...clickSelection(two, 'a', { shiftKey: true })]).toEqual(['b']);
    expect([...clickSelection(two, 'c', { ctrlKey: true })]).toEqual(['a', 'b', 'c']);
  });

  it('a tap opens, a mouse click selects, and in selection mode every click toggles', () => {
    expect(clickAction(false, 'touch', {})).toBe('open');
    expect(clickAction(false, 'mouse', {})).toBe('select');
    expect(clickAction(false, undefined, {})).toBe('select');
    expect(clickAction(false, 'touch', { shiftKey: true })).toBe('select');
    expect(clickAction(true, 'touch', {})).toBe('toggle');
    expect(clickAction(true, 'mouse', {})).toBe('toggle');
    expect([...toggleSelection(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggleSelection(new Set(['a', 'b']), 'a')]).toEqual(['b']);
  });

  it('selects all loaded children and prunes ids that left the folder', () => {
    expect([...selectAll(['a', 'b', 'c'])]).toEqual(['a', 'b', 'c']);
    const current = new Set(['a', 'b']);
    expect(pruneSelection(current, ['a', 'b', 'x'])).toBe(current);
    expect([...pruneSelection(current, ['b'])]).toEqual(['b']);
  });

  it('knows Ctrl+A and fields being typed in', () => {
    expect(isSelectAll({ key: 'a', ctrlKey: true, metaKey: false, altKey: false })).toBe(true);
    expect(isSelectAll({ key: 'A', ctrlKey: false, metaKey: true, altKey: false })).toBe(true);
    expect(isSelectAll({ key: 'a', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', isContentEditable: false } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: false } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('deleteRefusal', () => {
  const file = { _type: 'file', name: 'logo.png' };
  const empty = { _type: 'folder', name: 'Leer', childCount: 0 };
  it('lets files and empty folders go', () => {
    expect(deleteRefusal([file, empty])).toBeUndefined();
  });
  it('names every folder that still holds items, so nothing of the selection is deleted', () => {
    expect(deleteRefusal([file, { _type: 'folder', name: 'Bilder', childCount: 3 }])).toBe(
      'The folder “Bilder” is not empty: delete or move its contents first',
    );
    expect(
      deleteRefusal([
        { _type: 'folder', name: 'A', childCount: 1 },
        { _type: 'folder', name: 'B', childCount: 2 },
      ]),
    ).toBe('The folders “A”, “B” are not empty: delete or move their contents first');
  });
});
