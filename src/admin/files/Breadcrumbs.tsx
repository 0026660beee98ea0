import { ChevronRight, House } from 'lucide-react';
import { Fragment, useState, type DragEvent } from 'react';
import type { FileItem } from '../core/data/files';

export interface Crumb {
  /** Folder id; undefined is the root. */
  id?: string;
  name: string;
}

/** Root, the ancestors of an item (from `_tree` and `_pathSegments`) and, unless `includeSelf` is false, the item. */
export function crumbsOf(
  item: Pick<FileItem, '_id' | 'name' | '_tree' | '_pathSegments'> | null,
  includeSelf = true,
): Crumb[] {
  if (!item) return [{ name: 'Files' }];
  const tree = item._tree ?? [];
  const names = item._pathSegments ?? [];
  const ancestors = tree.map((id, index) => ({ id, name: names[index] ?? '…' }));
  return [{ name: 'Files' }, ...ancestors, ...(includeSelf ? [{ id: item._id, name: item.name }] : [])];
}

/**
 * Which crumbs a narrow screen (under 640 px) hides: everything between the root and the parent of the
 * current place, so the way up (one level, or to the top) stays one tap away.
 */
export function collapsedCrumbs(count: number): { from: number; to: number } | undefined {
  // root, …, parent, current: indexes 1 to count - 3 give way to the ellipsis.
  return count > 3 ? { from: 1, to: count - 3 } : undefined;
}

/**
 * Breadcrumbs with a home icon and the folder segments (spec section 2). The last crumb is the
 * current place; the others navigate, and accept dropped items when `onDropItems` is given.
 * Under 640 px the middle folders fold into “…”, which shows them when tapped.
 */
export function Breadcrumbs({
  crumbs,
  onOpen,
  hrefOf,
  dropProps,
}: {
  crumbs: Crumb[];
  onOpen(id: string | undefined): void;
  hrefOf?(id: string | undefined): string;
  dropProps?(
    id: string | undefined,
  ): Partial<Record<'onDragOver' | 'onDragLeave' | 'onDrop', (event: DragEvent) => void>>;
}) {
  // Shown in full for this path only: the next folder folds again.
  const path = crumbs.map((crumb) => crumb.id ?? '').join('/');
  const [expandedPath, setExpandedPath] = useState<string>();
  const expanded = expandedPath === path;
  const folded = expanded ? undefined : collapsedCrumbs(crumbs.length);
  return (
    <nav aria-label="Breadcrumbs" className="min-w-0">
      <ol className={`flex min-w-0 items-center gap-0.5 text-[13px] ${expanded ? 'flex-wrap' : ''}`}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const label = index === 0 ? <House aria-label="Files root" className="size-4" /> : crumb.name;
          const hidden = folded && index >= folded.from && index <= folded.to;
          return (
            <Fragment key={crumb.id ?? 'root'}>
              {folded && index === folded.from && (
                <li className="flex shrink-0 items-center gap-0.5 sm:hidden">
                  <ChevronRight aria-hidden className="size-3.5 shrink-0 text-zinc-500" />
                  <button
                    type="button"
                    aria-label="Show the whole path"
                    title="Show the whole path"
                    onClick={() => setExpandedPath(path)}
                    className="rounded px-1.5 py-1 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
                  >
                    …
                  </button>
                </li>
              )}
              <li
                className={`flex items-center gap-0.5 ${index === 0 ? 'shrink-0' : 'min-w-0'} ${hidden ? 'max-sm:hidden' : ''}`}
              >
                {index > 0 && <ChevronRight aria-hidden className="size-3.5 shrink-0 text-zinc-500" />}
                {last && index > 0 ? (
                  <span aria-current="page" className="truncate px-1.5 py-1 font-medium text-zinc-900">
                    {label}
                  </span>
                ) : (
                  <a
                    href={hrefOf?.(crumb.id) ?? '#'}
                    onClick={(event) => {
                      event.preventDefault();
                      onOpen(crumb.id);
                    }}
                    aria-current={last ? 'page' : undefined}
                    {...dropProps?.(crumb.id)}
                    className="flex max-w-48 items-center truncate rounded px-1.5 py-1 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 data-[drop=true]:bg-accent-100 data-[drop=true]:text-accent-700"
                  >
                    {/* A flex box does not ellipsize its own text: the name's span does. */}
                    {index === 0 ? label : <span className="truncate">{label}</span>}
                  </a>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
