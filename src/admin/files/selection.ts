/** Selection rules of the file browser (spec section 2): pure, so the controller only wires events. */

export type Selection = ReadonlySet<string>;

export const EMPTY_SELECTION: Selection = new Set();

/** A plain click selects only the item; shift-click (or Ctrl/Cmd-click) toggles it in a multi-selection. */
export function clickSelection(
  current: Selection,
  id: string,
  modifiers: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean },
): Selection {
  if (modifiers.shiftKey || modifiers.ctrlKey || modifiers.metaKey) {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  }
  return new Set([id]);
}

/** Adds the item to the selection, or takes it out (a tap in selection mode, a long press). */
export function toggleSelection(current: Selection, id: string): Selection {
  return clickSelection(current, id, { ctrlKey: true });
}

export type ClickAction = 'open' | 'toggle' | 'select';

/**
 * What a click on an item does. With a mouse or the keyboard a click selects (shift-click toggles)
 * and a double-click opens, as on a desktop. A touch screen has neither a shift key nor a double
 * tap anyone knows of, so a tap opens, as in phone file apps; in selection mode (entered by a long
 * press or Select) every click toggles.
 */
export function clickAction(
  selecting: boolean,
  pointerType: string | undefined,
  modifiers: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean },
): ClickAction {
  if (selecting) return 'toggle';
  if (pointerType === 'touch' && !modifiers.shiftKey && !modifiers.ctrlKey && !modifiers.metaKey) return 'open';
  return 'select';
}

/** Ctrl+A: every loaded child. */
export function selectAll(ids: readonly string[]): Selection {
  return new Set(ids);
}

/** Drops ids that are no longer loaded (after a delete, a move or a realtime reload). */
export function pruneSelection(current: Selection, loaded: readonly string[]): Selection {
  if ([...current].every((id) => loaded.includes(id))) return current;
  const present = new Set(loaded);
  return new Set([...current].filter((id) => present.has(id)));
}

/** Typing in a field keeps Ctrl+A for the field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const element = target as HTMLElement;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** Is this key event Ctrl+A (Cmd+A on macOS)? */
export const isSelectAll = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a';

/**
 * Why a selection cannot be deleted, before anything of it is: a folder that still holds items (the
 * server refuses it, and deleting the rest first would leave half a delete done).
 */
export function deleteRefusal(items: readonly { _type: string; name: string; childCount?: number }[]) {
  const full = items.filter((item) => item._type === 'folder' && (item.childCount ?? 0) > 0);
  if (full.length === 0) return undefined;
  const names = full.map((item) => `“${item.name}”`).join(', ');
  return full.length === 1
    ? `The folder ${names} is not empty: delete or move its contents first`
    : `The folders ${names} are not empty: delete or move their contents first`;
}
