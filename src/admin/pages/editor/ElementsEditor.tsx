import { CircleAlert, ClipboardPaste, Plus, X } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { ElementNodeValue } from '../../../shared/generated/types';
import type { CatalogElement } from '../../../shared/api/pages';
import { defaultsOf, type JsonSchema } from '../../../shared/registry';
import { createElementChecker, type ElementCompleteness } from '../../../shared/validation/elementProblems';
import { useAdmin } from '../../core/AdminContext';
import { Button, IconButton } from '../../ui/Button';
import {
  getNode,
  insertNode,
  moveNode,
  parsePathKey,
  pathKey,
  removeNode,
  splitPath,
  updateNode,
  type ElementPath,
} from '../model/elementTree';
import { pathOfValue } from '../model/findings';
import { canHoldChildren, insertionPoint, type Placement } from '../model/insertionPoint';
import { checkPastedElements } from '../model/pasteCheck';
import { nextLiveEdit, type LiveEditStore } from '../model/liveEdit';
import { AddElementPanel } from './AddElementPanel';
import { ElementForm } from './ElementForm';
import { ElementOutline, SelectedFormContext } from './ElementOutline';
import { revealSelected } from './revealSelected';

export type EditableNode = ElementNodeValue & { position?: number };

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
  completeness = 'inProgress',
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
  /**
   * How complete a save needs the elements: `inProgress` for a page draft, `complete` for a layout (saved
   * live). The selected element's form says at its fields what a save would refuse, a missing required value too.
   */
  completeness?: ElementCompleteness;
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
  const addButton = useRef<HTMLButtonElement>(null);
  // After the selected element unless the user chooses inside it (a new element is selected once added).
  const [placement, setPlacement] = useState<Placement>('after');
  const slotsOf = useCallback((tag: string) => registry.element(tag)?.slots ?? [], [registry]);
  const latest = useRef(elements);
  latest.current = elements;
  // The outline follows typing at low priority: a keystroke reaches the form and the preview first.
  const outlineElements = useDeferredValue(elements);

  const selectedPath = selected === null ? undefined : parsePathKey(selected);
  const selectedNode = selectedPath ? (getNode(elements, selectedPath) as EditableNode | undefined) : undefined;
  const selectedInfo = selectedNode ? registry.element(selectedNode.tag) : undefined;
  const point = insertionPoint(elements, selected, slotsOf, placement);
  const parent = point.list.length ? getNode(elements, point.list.slice(0, -1)) : undefined;
  const targetText = parent
    ? `inside ${registry.element(parent.tag)?.label ?? parent.tag}`
    : selectedNode
      ? `after ${selectedInfo?.label ?? selectedNode.tag}`
      : 'at the end of the page';

  const insert = useCallback(
    (nodes: EditableNode[], where: Placement) => {
      const current = latest.current;
      const at = insertionPoint(current, selected, slotsOf, where);
      let next = [...current];
      nodes.forEach((node, i) => {
        next = insertNode(next, at.list, at.index + i, node);
      });
      onChange(next);
      const key = pathKey([...at.list, at.index]);
      onSelect(key);
      return key;
    },
    [onChange, onSelect, selected, slotsOf],
  );
  // The picker closes as it adds, which left the focus nowhere (on the page's body): it goes to the new
  // element's row once its form is shown (`reveal`), so the keyboard goes on from there.
  const focusAdded = useRef<string | null>(null);

  const add = (info: CatalogElement) => {
    // A new element starts with the defaults of the catalogue's schema (`config`).
    const config = info.config as JsonSchema;
    const defaults = defaultsOf(config, config.$id, registry.resolver) as Record<string, unknown> | undefined;
    const node: EditableNode = { tag: info.tag, props: defaults ?? {} };
    if (positioned) node.position = 0;
    focusAdded.current = insert([node], placement);
    setAdding(false);
  };

  // Pasted elements are checked against their schemas (schemas/elements) as the server checks a draft's: known
  // tags, values of the right shape, required values may still be missing (the form then says which).
  const checker = useMemo(() => createElementChecker(registry, 'inProgress'), [registry]);
  // The element form checks as a save of this document will.
  const formChecker = useMemo(
    () => (completeness === 'inProgress' ? checker : createElementChecker(registry, completeness)),
    [checker, completeness, registry],
  );
  const [pasteProblem, setPasteProblem] = useState<string | null>(null);
  const paste = useCallback(
    (text: string) => {
      const checked = checkPastedElements(text, checker);
      if (!checked.ok) {
        // Spec section 5: logged and ignored; the user is told why too, and nothing changes.
        console.warn('Paste refused:', checked.problem);
        setPasteProblem(checked.problem);
        return;
      }
      setPasteProblem(null);
      // A layout's element keeps its position at a layout's top level; anywhere else it has none.
      // Pasted elements go into a selected container, as they always did (the add menu offers the choice).
      const top = insertionPoint(latest.current, selected, slotsOf, 'inside').list.length === 0;
      insert(
        checked.nodes.map((pasted: EditableNode) => {
          const { position, ...node } = pasted;
          return positioned && top ? { ...node, position: typeof position === 'number' ? position : 0 } : node;
        }),
        'inside',
      );
    },
    [checker, insert, positioned, selected, slotsOf],
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
      // Its own state (the props emptied in it) is the selected element's.
      key={selected}
      node={selectedNode}
      info={selectedInfo}
      checker={formChecker}
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
    (row: HTMLElement, formSlot: HTMLElement) => {
      if (focusAdded.current !== null && focusAdded.current === row.dataset.outline) {
        focusAdded.current = null;
        row.querySelector<HTMLElement>('button[aria-pressed]')?.focus({ preventScroll: true });
      }
      return requestAnimationFrame(() => revealSelected(row, formSlot, coveredTop?.() ?? 0));
    },
    [coveredTop],
  );

  const actions = {
    select: (key: string) => onSelect(key),
    move(from: ElementPath, toList: ElementPath, index: number) {
      const moved = moveNode(latest.current, from, toList, index);
      onChange(moved.elements);
      onSelect(pathKey(moved.path));
      return moved.path;
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
            ref={addButton}
            variant="primary"
            onClick={() => {
              setPlacement('after');
              setAdding((open) => !open);
            }}
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
                .catch((error: unknown) => {
                  console.warn('Paste: clipboard not readable', error);
                  setPasteProblem('The browser did not let the page read the clipboard: press Ctrl+V instead.');
                })
            }
            disabled={disabled}
            title="Paste elements copied as JSON (or press Ctrl+V)"
          >
            <ClipboardPaste className="size-4" aria-hidden />
            Paste
          </Button>
        </div>
        {pasteProblem && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 py-1.5 pr-1 pl-2.5 text-[13px] text-red-700"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1 break-words">Not pasted: {pasteProblem}</p>
            <IconButton
              label="Dismiss"
              onClick={() => setPasteProblem(null)}
              className="size-6 shrink-0 text-red-600 hover:bg-red-100 hover:text-red-800"
            >
              <X className="size-3.5" aria-hidden />
            </IconButton>
          </div>
        )}
        {adding && (
          <AddElementPanel
            target={targetText}
            onAdd={add}
            onClose={() => {
              setAdding(false);
              addButton.current?.focus();
            }}
            placement={
              selectedNode && canHoldChildren(elements, selected, slotsOf)
                ? { of: selectedInfo?.label ?? selectedNode.tag, value: placement, onChange: setPlacement }
                : undefined
            }
          />
        )}
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
