import { describe, expect, it } from 'vitest';
import { undoKey } from './undoKeys';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('undo keys', () => {
  it('undoes with Ctrl+Z or ⌘Z and redoes with Ctrl+Shift+Z, ⌘⇧Z or Ctrl+Y', () => {
    expect(undoKey(press('z', { ctrlKey: true }))).toBe('undo');
    expect(undoKey(press('z', { metaKey: true }))).toBe('undo');
    // With Shift held the key arrives as a capital.
    expect(undoKey(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(undoKey(press('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(undoKey(press('y', { ctrlKey: true }))).toBe('redo');
  });

  it('leaves other keys alone', () => {
    expect(undoKey(press('z'))).toBeNull();
    expect(undoKey(press('y'))).toBeNull();
    expect(undoKey(press('c', { ctrlKey: true }))).toBeNull();
    // ⌘Y is the browser's history on a Mac, Ctrl+Shift+Y a browser's own shortcut elsewhere.
    expect(undoKey(press('y', { metaKey: true }))).toBeNull();
    expect(undoKey(press('Y', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });
});
