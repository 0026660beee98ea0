import { ClipboardPaste, Plus } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { ElementNodeValue } from '../../../shared/generated/types';
import type { CatalogElement } from '../../../shared/api/pages';
import { defaultsOf, type JsonSchema } from '../../../shared/registry';
import { useAdmin } from '../../core/AdminContext';
import { Button } from '../../ui/Button';
import {
  getNode,
  insertNode,
  moveNode,
  parseElementsJson,
  parsePathKey,
  pathKey,
  removeNode,
  splitPath,
  updateNode,
  type ElementPath,
} from '../model/elementTree';
import { pathOfValue } from '../model/findings';
import { nextLiveEdit, type LiveEditStore } from '../model/liveEdit';
import { AddElementPanel } from './AddElementPanel';
import { ElementForm } from './ElementForm';
import { ElementOutline, SelectedFormContext } from './ElementOutline';
import { revealSelected } from './revealSelected';

export type EditableNode = ElementNodeValue & { position?: number };

/** Where a new or pasted element goes: inside the selected container, after the selected element, or at the end. */
function insertionPoint(
  elements: readonly EditableNode[],
  selected: string | null,
  slotsOf: (tag: string) => readonly string[],
): { list: ElementPath; index: number } {
  const path = selected === null ? undefined : parsePathKey(selected);
  const node = path && getNode(elements, path);
  if (!path || !node) return { list: [], index: elements.length };
  const slots = slotsOf(node.tag);
  if (slots.length) {
    const children = (node.props as Record<string, unknown> | undefined)?.[slots[0]];
    return { list: [...path, slots[0]], index: Array.isArray(children) ? children.length : 0 };
  }
  const { list, index } = splitPath(path);
  return { list, index: index + 1 };
}

/**
 * The element editing of a page or layout: add from the registry, the outline (select, drag, copy,
 * paste, duplicate, delete) and the selected element's form, under its row. Every change goes through
 * `onChange` (one undo step each; typing in a field is grouped by the editor).
 */
export function ElementsEditor({
  elements,
  onChange,
  selected,
  onSelect,
  findings,
  positioned = false,
  disabled,
  focusFile,
  live,
  coveredTop,
}: {
  elements: readonly EditableNode[];
  onChange(elements: EditableNode[], group?: boolean): void;
  selected: string | null;
  onSelect(key: string | null): void;
  findings: Record<string, number>;
  /** Layout elements carry a position. */
  positioned?: boolean;
  disabled?: boolean;
  /** An image clicked in the preview: its field in the selected element's form gets the focus. */
  focusFile?: { key: string; file: string; at: number } | null;
  /** Where keys typed into the selected element's rich text go ahead of `onChange` (the preview). */
  live?: LiveEditStore;
  /** How much of the top of the scrolling sidebar or window the sticky bars cover, in pixels. */
  coveredTop?(): number;
}) {
  const { registry } = useAdmin();
  const [adding, setAdding] = useState(false);
  const slotsOf = useCallback((tag: string) => registry.element(tag)?.slots ?? [], [registry]);
  const latest = useRef(elements);
  latest.current = elements;
  // The outline follows typing at low priority: a keystroke reaches the form and the preview first.
  const outlineElements = useDeferredValue(elements);

  const selectedPath = selected === null ? undefined : parsePathKey(selected);
  const selectedNode = selectedPath ? (getNode(elements, selectedPath) as EditableNode | undefined) : undefined;
  const selectedInfo = selectedNode ? registry.element(selectedNode.tag) : undefined;
  const point = insertionPoint(elements, selected, slotsOf);
  const parent = point.list.length ? getNode(elements, point.list.slice(0, -1)) : undefined;
  const targetText = parent
    ? `inside ${registry.element(parent.tag)?.label ?? parent.tag}`
    : selectedNode
      ? `after ${selectedInfo?.label ?? selectedNode.tag}`
      : 'at the end of the page';

  const insert = useCallback(
    (nodes: EditableNode[]) => {
      const current = latest.current;
      const at = insertionPoint(current, selected, slotsOf);
      let next = [...current];
      nodes.forEach((node, i) => {
        next = insertNode(next, at.list, at.index + i, node);
      });
      onChange(next);
      onSelect(pathKey([...at.list, at.index]));
    },
    [onChange, onSelect, selected, slotsOf],
  );

  const add = (info: CatalogElement) => {
    // A new element starts with the defaults of the catalogue's schema (`config`).
    const config = info.config as JsonSchema;
    const defaults = defaultsOf(config, config.$id, registry.resolver) as Record<string, unknown> | undefined;
    const node: EditableNode = { tag: info.tag, props: defaults ?? {} };
    if (positioned) node.position = 0;
    insert([node]);
    setAdding(false);
  };

  const paste = useCallback(
    (text: string) => {
      try {
        const nodes = parseElementsJson(text).filter((node) => {
          if (registry.element(node.tag)) return true;
          console.error('Paste: unknown element', node.tag);
          return false;
        });
        if (nodes.length) insert(nodes as EditableNode[]);
      } catch (error) {
        // Spec section 5: clipboard paste must be valid JSON, otherwise it is logged and ignored.
        console.error('Paste: not valid element JSON', error);
      }
    },
    [insert, registry],
  );

  // Ctrl+V outside text fields pastes elements.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (disabled || target?.closest('input, textarea, [contenteditable=true], .codex-editor')) return;
      const text = event.clipboardData?.getData('text/plain');
      if (text === undefined) return;
      event.preventDefault();
      paste(text);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [disabled, paste]);

  useEffect(() => {
    if (!focusFile || focusFile.key !== selected) return;
    const node = getNode(latest.current, parsePathKey(focusFile.key));
    const path = pathOfValue(node?.props, focusFile.file);
    if (!path) return;
    // rjsf's ids: the form's prefix and the field path joined by '_'; the picker button carries the file field's id.
    const frame = requestAnimationFrame(() => {
      const field = document.getElementById(['element', ...path].join('_'));
      field?.scrollIntoView({ block: 'center' });
      field?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusFile, selected]);

  const form = selectedNode && selectedInfo && selectedPath && (
    <ElementForm
      node={selectedNode}
      info={selectedInfo}
      disabled={disabled}
      positioned={positioned && selectedPath.length === 1}
      onClose={() => onSelect(null)}
      onTyping={
        live && ((prop, value) => live.set(nextLiveEdit(latest.current, live.get(), selectedPath, prop, value)))
      }
      onChange={(node) =>
        onChange(
          updateNode(latest.current, selectedPath, () => node),
          true,
        )
      }
    />
  );
  // Selected in the preview, added, pasted or moved: the row and its form come into sight (after layout).
  const reveal = useCallback(
    (row: HTMLElement, formSlot: HTMLElement) =>
      requestAnimationFrame(() => revealSelected(row, formSlot, coveredTop?.() ?? 0)),
    [coveredTop],
  );

  const actions = {
    select: (key: string) => onSelect(key),
    move(from: ElementPath, toList: ElementPath, index: number) {
      const moved = moveNode(latest.current, from, toList, index);
      onChange(moved.elements);
      onSelect(pathKey(moved.path));
    },
    duplicate(path: ElementPath) {
      const node = getNode(latest.current, path);
      if (!node) return;
      const { list, index } = splitPath(path);
      onChange(insertNode(latest.current, list, index + 1, structuredClone(node)));
      onSelect(pathKey([...list, index + 1]));
    },
    copy(path: ElementPath) {
      const node = getNode(latest.current, path);
      if (node) void navigator.clipboard?.writeText(JSON.stringify(node, null, 2)).catch((e) => console.error(e));
    },
    remove(path: ElementPath) {
      onChange(removeNode(latest.current, path));
      if (selected !== null && selected.startsWith(pathKey(path))) onSelect(null);
    },
  };

  return (
    <div className="flex flex-col">
      <div className="space-y-2 p-3">
        <div className="flex items-center gap-2">
          <Button
            variant="primary"
            onClick={() => setAdding((open) => !open)}
            aria-expanded={adding}
            disabled={disabled}
          >
            <Plus className="size-4" aria-hidden />
            Add element
          </Button>
          <Button
            onClick={() =>
              void navigator.clipboard
                ?.readText()
                .then(paste)
                .catch((error: unknown) => console.error('Paste: clipboard not readable', error))
            }
            disabled={disabled}
            title="Paste elements copied as JSON (or press Ctrl+V)"
          >
            <ClipboardPaste className="size-4" aria-hidden />
            Paste
          </Button>
        </div>
        {adding && <AddElementPanel target={targetText} onAdd={add} />}
        <SelectedFormContext.Provider value={{ form, onShown: reveal }}>
          <ElementOutline
            elements={outlineElements}
            slotsOf={slotsOf}
            labelOf={(tag) => registry.element(tag)?.label ?? tag}
            slotLabel={(tag, slot) => String(registry.element(tag)?.schema.properties?.[slot]?.title ?? slot)}
            selected={selected}
            findings={findings}
            actions={actions}
          />
        </SelectedFormContext.Provider>
      </div>
    </div>
  );
}
