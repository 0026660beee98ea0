import {
  DndContext,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { ChevronRight, CircleDot, GripVertical } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PageTreeNode } from '../../../shared/api/pages';
import { MovePageDialog } from './MovePageDialog';
import { lineOf, topLevelHolder } from './moveTargets';
import { dragAnnouncements } from '../../ui/dragAnnouncements';

const ROOT = 'root';

/** Publish state of a page: not published, published with unpublished changes, published as is. */
export function PublishMark({ node }: { node: Pick<PageTreeNode, 'published' | 'changed'> }) {
  const [tone, label] = !node.published
    ? ['bg-zinc-300', 'Not published']
    : node.changed
      ? ['bg-amber-500', 'Published, draft changed']
      : ['bg-emerald-500', 'Published'];
  return (
    <span
      title={label}
      aria-label={label}
      role="img"
      className="inline-flex size-4 shrink-0 items-center justify-center"
    >
      <span className={`size-2 rounded-full ${tone}`} />
    </span>
  );
}

/** True when `id` is `node` or below it (a page cannot move under itself). */
export function contains(node: PageTreeNode, id: string): boolean {
  return node._id === id || node.children.some((child) => contains(child, id));
}

export function findNode(nodes: PageTreeNode[], id: string): PageTreeNode | undefined {
  for (const node of nodes) {
    if (node._id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

function Row({
  node,
  depth,
  current,
  actions,
  onToggle,
  open,
  onMoveRequest,
  gripRef,
}: {
  node: PageTreeNode;
  depth: number;
  current?: string;
  actions?: (node: PageTreeNode) => ReactNode;
  onToggle(): void;
  open: boolean;
  /** The grip was pressed (a click, Enter or Space) rather than dragged: asks where to move the page. */
  onMoveRequest(): void;
  gripRef(element: HTMLButtonElement | null): void;
}) {
  const drag = useDraggable({ id: node._id });
  const drop = useDroppable({ id: node._id });
  const active = node._id === current;
  return (
    <div
      ref={(element) => {
        drop.setNodeRef(element);
        drag.setNodeRef(element);
      }}
      data-page={node._id}
      className={`group flex h-9 items-center gap-1 rounded-md pr-1 text-[13px] ${
        drop.isOver && !drag.isDragging
          ? 'bg-accent-50 ring-1 ring-accent-600/40'
          : active
            ? 'bg-zinc-100'
            : 'hover:bg-zinc-50'
      } ${drag.isDragging ? 'opacity-50' : ''}`}
      style={{ paddingLeft: `${depth * 14 + 2}px` }}
    >
      <button
        type="button"
        aria-label={open ? `Collapse ${node.name}` : `Expand ${node.name}`}
        onClick={onToggle}
        className={`flex size-5 shrink-0 items-center justify-center rounded text-zinc-500 hover:text-zinc-700 ${node.children.length ? '' : 'invisible'}`}
      >
        <ChevronRight className={`size-3.5 transition-transform ${open ? 'rotate-90' : ''}`} aria-hidden />
      </button>
      <PublishMark node={node} />
      <Link
        to={`/_/pageDrafts/${node._id}`}
        aria-current={active ? 'page' : undefined}
        title={`${node.name} ${node._path}`}
        className={`min-w-0 flex-1 truncate ${active ? 'font-medium text-zinc-900' : 'text-zinc-700 hover:text-zinc-900'}`}
      >
        {node.name}
        {/* The editor's narrow tree has room for the names only (the path is in the title). */}
        <span className="ml-1.5 hidden text-xs text-zinc-500 @2xs:inline">{node._path}</span>
      </Link>
      {actions?.(node)}
      {/* dnd-kit's attributes would make it a toggle button ('draggable', pressed) with keyboard drag
          instructions no sensor here follows: it stays a plain button that opens the move dialog. */}
      <button
        type="button"
        aria-label={`Move ${node.name}`}
        aria-haspopup="dialog"
        title="Drag onto another page, or press to choose where to move it"
        className="flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-zinc-500 group-hover:opacity-100 hover:text-zinc-700 focus-visible:opacity-100 md:opacity-0"
        ref={(element) => {
          drag.setActivatorNodeRef(element);
          gripRef(element);
        }}
        // A drag (4 px and more) swallows its click (dnd-kit): a click here is a press without dragging.
        onClick={onMoveRequest}
        {...drag.listeners}
      >
        <GripVertical className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}

function TopLevelDrop() {
  const drop = useDroppable({ id: ROOT });
  return (
    <div
      ref={drop.setNodeRef}
      className={`mt-1 rounded-md border border-dashed px-2 py-1.5 text-center text-xs ${drop.isOver ? 'border-accent-600 bg-accent-50 text-accent-700' : 'border-zinc-200 text-zinc-500'}`}
    >
      Drop here for a top-level page
    </div>
  );
}

/**
 * The page tree: each page with its publish state and path, a link to its editor, and drag and
 * drop onto another page (or the top level) to move it there (`onMove(id, parent)`). Pressing a
 * page's grip instead (a click, Enter or Space) opens 'Move <page>' to choose the place from a list.
 */
export function PageTree({
  nodes,
  current,
  actions,
  onMove,
}: {
  nodes: PageTreeNode[];
  current?: string;
  actions?: (node: PageTreeNode) => ReactNode;
  onMove(id: string, parent: string | null): void;
}) {
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const [dragging, setDragging] = useState<string | null>(null);
  const [moving, setMoving] = useState<PageTreeNode | null>(null);
  const grips = useRef(new Map<string, HTMLButtonElement>());
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  /** Moves the page and opens the pages above its new place, so it stays in sight. */
  const move = (id: string, parent: string | null) => {
    if (parent) {
      const line = lineOf(nodes, parent);
      setClosed((all) => new Set([...all].filter((closedId) => !line.includes(closedId))));
    }
    onMove(id, parent);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over || active.id === over.id) return;
    const dragged = findNode(nodes, String(active.id));
    const target = over.id === ROOT ? null : String(over.id);
    if (!dragged || (target && contains(dragged, target))) return;
    move(dragged._id, target);
  };
  const render = (list: PageTreeNode[], depth: number): ReactNode[] =>
    list.flatMap((node) => {
      const open = !closed.has(node._id);
      return [
        <Row
          key={node._id}
          node={node}
          depth={depth}
          current={current}
          actions={actions}
          open={open}
          onMoveRequest={() => setMoving(node)}
          gripRef={(element) => {
            if (element) grips.current.set(node._id, element);
            else grips.current.delete(node._id);
          }}
          onToggle={() =>
            setClosed((all) => {
              const next = new Set(all);
              if (open) next.add(node._id);
              else next.delete(node._id);
              return next;
            })
          }
        />,
        ...(open ? render(node.children, depth + 1) : []),
      ];
    });
  // What a screen reader hears during a drag: page names (dnd-kit's defaults read out the ids).
  const nameOf = (id: UniqueIdentifier | undefined) =>
    id === ROOT ? 'the top level' : (findNode(nodes, String(id))?.name ?? 'a page');
  const announcements = dragAnnouncements(nameOf);
  if (!nodes.length)
    return (
      <p className="flex items-center gap-2 px-3 py-6 text-[13px] text-zinc-500">
        <CircleDot className="size-4" aria-hidden /> No pages yet.
      </p>
    );
  return (
    <DndContext
      sensors={sensors}
      accessibility={{ announcements }}
      onDragStart={({ active }) => setDragging(String(active.id))}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      <nav aria-label="Page tree" className="@container space-y-px">
        {render(nodes, 0)}
        {/* The top level holds one page (the site's root, /): offered only while no other page is there. */}
        {dragging !== null && !topLevelHolder(nodes, dragging) && <TopLevelDrop />}
      </nav>
      {moving && (
        <MovePageDialog
          nodes={nodes}
          moving={moving}
          onClose={() => setMoving(null)}
          onChoose={(parent) => {
            setMoving(null);
            move(moving._id, parent);
          }}
          onCloseAutoFocus={(event) => {
            // Back to the grip it was opened from (after a move too: the page is still in the tree).
            const grip = grips.current.get(moving._id);
            if (grip?.isConnected) {
              event.preventDefault();
              grip.focus();
            }
          }}
        />
      )}
    </DndContext>
  );
}
