import {
  DndContext,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { ChevronRight, CircleDot, GripVertical } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PageTreeNode } from '../../../shared/api/pages';

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
}: {
  node: PageTreeNode;
  depth: number;
  current?: string;
  actions?: (node: PageTreeNode) => ReactNode;
  onToggle(): void;
  open: boolean;
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
        className={`min-w-0 flex-1 truncate ${active ? 'font-medium text-zinc-900' : 'text-zinc-700 hover:text-zinc-900'}`}
      >
        {node.name}
        <span className="ml-1.5 text-xs text-zinc-500">{node._path}</span>
      </Link>
      {actions?.(node)}
      <button
        type="button"
        aria-label={`Move ${node.name}`}
        title="Drag onto another page to move it there"
        className="flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-zinc-300 group-hover:opacity-100 hover:text-zinc-600 focus-visible:opacity-100 md:opacity-0"
        ref={drag.setActivatorNodeRef}
        {...drag.attributes}
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
 * drop onto another page (or the top level) to move it there (`onMove(id, parent)`).
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
  const [dragging, setDragging] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(false);
    if (!over || active.id === over.id) return;
    const moving = findNode(nodes, String(active.id));
    const target = over.id === ROOT ? null : String(over.id);
    if (!moving || (target && contains(moving, target))) return;
    onMove(moving._id, target);
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
  if (!nodes.length)
    return (
      <p className="flex items-center gap-2 px-3 py-6 text-[13px] text-zinc-500">
        <CircleDot className="size-4" aria-hidden /> No pages yet.
      </p>
    );
  return (
    <DndContext
      sensors={sensors}
      onDragStart={() => setDragging(true)}
      onDragCancel={() => setDragging(false)}
      onDragEnd={onDragEnd}
    >
      <nav aria-label="Page tree" className="space-y-px">
        {render(nodes, 0)}
        {dragging && <TopLevelDrop />}
      </nav>
    </DndContext>
  );
}
