import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ClipboardCopy, CopyPlus, GripVertical, SpellCheck, Trash2 } from 'lucide-react';
import { createContext, memo, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ElementNodeValue } from '../../../shared/generated/types';
import {
  getList,
  parsePathKey,
  pathKey,
  splitPath,
  type ElementList,
  type ElementPath,
  type FlatElement,
  type SlotsOf,
  flattenElements,
} from '../model/elementTree';
import { summaryOf } from '../model/summary';
import { dragAnnouncements } from '../../ui/dragAnnouncements';

export interface OutlineActions {
  select(key: string): void;
  /** Answers where the element went. */
  move(from: ElementPath, toList: ElementPath, index: number): ElementPath;
  duplicate(path: ElementPath): void;
  copy(path: ElementPath): void;
  remove(path: ElementPath): void;
}

const SLOT_DROP = 'slot:';
// Sensor options keep their identity: new ones would give every sortable row a new context on each render.
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

/** A row's place in the sortable list: dnd-kit re-renders every row when its context changes (each keystroke). */
const Row = memo(
  function Row({
    item,
    label,
    selected,
    findings,
    actions,
  }: {
    item: FlatElement;
    label: string;
    selected: boolean;
    findings: number;
    actions: OutlineActions;
  }) {
    const key = pathKey(item.path);
    const sortable = useSortable({ id: key });
    return (
      <li
        ref={sortable.setNodeRef}
        data-outline={key}
        data-tag={item.node.tag}
        style={{
          transform: CSS.Translate.toString(sortable.transform),
          transition: sortable.transition,
          paddingLeft: `${item.depth * 16 + 4}px`,
        }}
        className={`group flex h-9 items-center gap-1 rounded-md pr-1 text-[13px] ${
          selected ? 'bg-accent-50 text-accent-700 ring-1 ring-accent-600/30' : 'text-zinc-700 hover:bg-zinc-100'
        } ${sortable.isDragging ? 'relative z-10 opacity-80 shadow-md' : ''}`}
      >
        <button
          type="button"
          aria-label={`Move ${label}`}
          title="Drag to move"
          className="flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-zinc-500 hover:text-zinc-700 active:cursor-grabbing"
          {...sortable.attributes}
          {...sortable.listeners}
        >
          {GRIP}
        </button>
        <RowContent
          node={item.node}
          path={item.path}
          rowKey={key}
          label={label}
          selected={selected}
          findings={findings}
          actions={actions}
        />
      </li>
    );
  },
  // Typing changes one element: the other rows keep their nodes and skip rendering (actions read the newest state).
  (a, b) =>
    a.item.node === b.item.node &&
    a.item.depth === b.item.depth &&
    pathKey(a.item.path) === pathKey(b.item.path) &&
    a.label === b.label &&
    a.selected === b.selected &&
    a.findings === b.findings,
);

const GRIP = <GripVertical className="size-3.5" aria-hidden />;

/** What a row shows and its buttons: rendered again only when its element, selection or findings change. */
const RowContent = memo(
  function RowContent({
    node,
    path,
    rowKey,
    label,
    selected,
    findings,
    actions,
  }: {
    node: ElementNodeValue;
    path: ElementPath;
    rowKey: string;
    label: string;
    selected: boolean;
    findings: number;
    actions: OutlineActions;
  }) {
    const summary = summaryOf(node);
    return (
      <>
        <button
          type="button"
          onClick={() => actions.select(rowKey)}
          aria-pressed={selected}
          className="flex min-w-0 flex-1 items-baseline gap-1.5 truncate text-left"
        >
          <span className="shrink-0 font-medium">{label}</span>
          {summary && <span className="truncate text-xs text-zinc-500">{summary}</span>}
        </button>
        {findings > 0 && (
          <span
            title={`${findings} spelling ${findings === 1 ? 'finding' : 'findings'}`}
            className="flex shrink-0 items-center gap-0.5 rounded bg-amber-100 px-1 text-[11px] font-medium text-amber-800"
          >
            <SpellCheck className="size-3" aria-hidden />
            {findings}
          </span>
        )}
        <span className="hidden shrink-0 items-center group-focus-within:flex group-hover:flex">
          <IconAction label={`Duplicate ${label}`} onClick={() => actions.duplicate(path)}>
            <CopyPlus className="size-3.5" aria-hidden />
          </IconAction>
          <IconAction label={`Copy ${label}`} onClick={() => actions.copy(path)}>
            <ClipboardCopy className="size-3.5" aria-hidden />
          </IconAction>
          <IconAction label={`Delete ${label}`} onClick={() => actions.remove(path)} danger>
            <Trash2 className="size-3.5" aria-hidden />
          </IconAction>
        </span>
      </>
    );
  },
  (a, b) =>
    a.node === b.node &&
    a.rowKey === b.rowKey &&
    a.label === b.label &&
    a.selected === b.selected &&
    a.findings === b.findings,
);

function IconAction({
  label,
  onClick,
  danger,
  children,
}: {
  label: string;
  onClick(): void;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`flex size-6 items-center justify-center rounded text-zinc-500 hover:bg-white ${danger ? 'hover:text-red-600' : 'hover:text-zinc-800'}`}
    >
      {children}
    </button>
  );
}

/** The selected element's form, and what to do once it is on screen (bring it into sight). */
export interface SelectedForm {
  form: ReactNode;
  onShown(row: HTMLElement, form: HTMLElement): void;
}

/**
 * Carries the form to its place under the selected row: the outline does not render again on each
 * keystroke in the form, only this slot does.
 */
export const SelectedFormContext = createContext<SelectedForm>({ form: null, onShown: () => undefined });

/**
 * The selected element's form, right under its row, as Payload's blocks open in place: the form
 * appears where the element was clicked, however long the outline (it opened below all of it).
 */
function FormSlot() {
  const { form, onShown } = useContext(SelectedFormContext);
  const ref = useRef<HTMLLIElement>(null);
  const shown = useRef(onShown);
  shown.current = onShown;
  const hasForm = form !== null && form !== undefined && form !== false;
  useEffect(() => {
    const slot = ref.current;
    const row = slot?.previousElementSibling;
    if (hasForm && slot && row instanceof HTMLElement) shown.current(row, slot);
  }, [hasForm]);
  if (!hasForm) return null;
  return (
    <li ref={ref} data-element-form className="py-1">
      {form}
    </li>
  );
}

/** A drop place for an empty slot (an empty section takes elements dragged onto it). */
function EmptySlot({ listPath, depth, label }: { listPath: ElementPath; depth: number; label: string }) {
  const drop = useDroppable({ id: `${SLOT_DROP}${pathKey(listPath)}` });
  return (
    <li
      ref={drop.setNodeRef}
      style={{ marginLeft: `${depth * 16 + 28}px` }}
      className={`my-0.5 rounded border border-dashed px-2 py-1 text-xs ${drop.isOver ? 'border-accent-600 bg-accent-50 text-accent-700' : 'border-zinc-300 text-zinc-500'}`}
    >
      {label}: empty
    </li>
  );
}

/**
 * The element tree of the page: select, drag to reorder within and between slots (onto an element
 * to take its place, onto an empty slot to fill it), duplicate, copy as JSON, delete; the selected
 * element's form (SelectedFormContext) opens under its row.
 */
export const ElementOutline = memo(
  function ElementOutline({
    elements,
    slotsOf,
    labelOf,
    slotLabel,
    selected,
    findings,
    actions,
  }: {
    elements: ElementList;
    slotsOf: SlotsOf;
    labelOf(tag: string): string;
    slotLabel(tag: string, slot: string): string;
    selected: string | null;
    findings: Record<string, number>;
    actions: OutlineActions;
  }) {
    const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
    // Rows skip rendering when their element did not change: they call the newest actions through a ref.
    const latestActions = useRef(actions);
    latestActions.current = actions;
    const stableActions = useMemo<OutlineActions>(
      () => ({
        select: (key) => latestActions.current.select(key),
        move: (from, toList, index) => latestActions.current.move(from, toList, index),
        duplicate: (path) => latestActions.current.duplicate(path),
        copy: (path) => latestActions.current.copy(path),
        remove: (path) => latestActions.current.remove(path),
      }),
      [],
    );
    const flat = flattenElements(elements, slotsOf);
    // The same ids keep the same array: a new one would re-render every sortable row on each keystroke.
    const idsKey = flat.map((item) => pathKey(item.path)).join('|');
    const ids = useMemo(() => (idsKey ? idsKey.split('|') : []), [idsKey]);

    // Rows are keyed by their place, so after a drop the focused handle is another element's: the focus goes
    // to the moved element's handle once its row is there (a second Space picks up the same element again).
    const list = useRef<HTMLUListElement>(null);
    const refocus = useRef<string | null>(null);
    useEffect(() => {
      const handle =
        refocus.current && list.current?.querySelector<HTMLElement>(`[data-outline="${refocus.current}"] > button`);
      if (!handle) return;
      refocus.current = null;
      handle.focus();
    });

    const onDragEnd = ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      const from = parsePathKey(String(active.id));
      const overId = String(over.id);
      const focused = !!list.current && list.current.contains(document.activeElement);
      let to: ElementPath;
      if (overId.startsWith(SLOT_DROP)) {
        to = latestActions.current.move(from, parsePathKey(overId.slice(SLOT_DROP.length)), 0);
      } else {
        const target = splitPath(parsePathKey(overId));
        const source = splitPath(from);
        const sameList = pathKey(target.list) === pathKey(source.list);
        // Dropped on an element: take its place (after it when moving down in the same list).
        to = latestActions.current.move(
          from,
          target.list,
          sameList && target.index > source.index ? target.index + 1 : target.index,
        );
      }
      if (focused) refocus.current = pathKey(to);
    };

    const rows: React.ReactNode[] = [];
    for (const item of flat) {
      const key = pathKey(item.path);
      rows.push(
        <Row
          key={key}
          item={item}
          label={labelOf(item.node.tag)}
          selected={selected === key}
          findings={findings[key] ?? 0}
          actions={stableActions}
        />,
      );
      if (selected === key) rows.push(<FormSlot key={`${key}:form`} />);
      for (const slot of slotsOf(item.node.tag)) {
        const listPath = [...item.path, slot];
        if (!getList(elements, listPath)?.length)
          rows.push(
            <EmptySlot
              key={`${key}.${slot}:empty`}
              listPath={listPath}
              depth={item.depth + 1}
              label={slotLabel(item.node.tag, slot)}
            />,
          );
      }
    }

    // What a screen reader hears during a drag: element names (dnd-kit's defaults read out path ids).
    const nameOf = (id: UniqueIdentifier) => {
      const key = String(id);
      if (key.startsWith(SLOT_DROP)) {
        const listPath = parsePathKey(key.slice(SLOT_DROP.length));
        const owner = flat.find((item) => pathKey(item.path) === pathKey(listPath.slice(0, -1)));
        return owner
          ? `the empty ${slotLabel(owner.node.tag, String(listPath.at(-1)))} of ${labelOf(owner.node.tag)}`
          : 'an empty slot';
      }
      const item = flat.find((entry) => pathKey(entry.path) === key);
      return item ? labelOf(item.node.tag) : 'an element';
    };
    const announcements = dragAnnouncements(nameOf);

    if (!elements.length)
      return (
        <p className="rounded-md border border-dashed border-zinc-300 px-3 py-6 text-center text-[13px] text-zinc-500">
          No elements yet. Add the first one above.
        </p>
      );
    return (
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements, restoreFocus: false }}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul ref={list} aria-label="Elements" className="space-y-0.5">
            {rows}
          </ul>
        </SortableContext>
      </DndContext>
    );
  },
  // Its callbacks read the newest state; a re-render is needed only for other elements, selection or findings.
  (a, b) =>
    a.elements === b.elements && a.selected === b.selected && JSON.stringify(a.findings) === JSON.stringify(b.findings),
);

export type { ElementNodeValue };
