/** The modifier keys and key of a keydown (a KeyboardEvent, from the admin or from the preview's frame). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * What a key press asks of the editor's undo history: Ctrl+Z (⌘Z) undoes; Ctrl+Shift+Z (⌘⇧Z) and, as on
 * Windows, Ctrl+Y redo. Anything else is none of its business.
 */
export function undoKey(press: KeyPress): 'undo' | 'redo' | null {
  const key = press.key.toLowerCase();
  if (key === 'z' && (press.ctrlKey || press.metaKey)) return press.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && press.ctrlKey && !press.metaKey && !press.shiftKey) return 'redo';
  return null;
}
