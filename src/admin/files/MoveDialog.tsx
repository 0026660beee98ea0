import { ChevronRight, Folder } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FileItem } from '../core/data/files';
import { useFolderInfiniteQuery } from '../core/data/filesApi';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { Breadcrumbs, crumbsOf } from './Breadcrumbs';
import { DialogShell } from './DialogShell';

/** 'Move to…': walk the folder tree and move the items into the folder shown. */
export function MoveDialog({
  items,
  start,
  onClose,
  onMove,
}: {
  items: FileItem[] | null;
  start?: string;
  onClose(): void;
  onMove(target: string | null): Promise<unknown>;
}) {
  const [at, setAt] = useState<string | undefined>(start);
  useEffect(() => setAt(start), [start, items]);
  const query = useFolderInfiniteQuery({ id: at }, { skip: !items });
  const folder = query.data?.pages[0]?.folder ?? null;
  const folders = (query.data?.pages.flatMap((page) => page.children) ?? []).filter(
    (child) => child._type === 'folder',
  );
  const moving = new Set(items?.map((item) => item._id));
  const inside = (folder?._tree ?? []).some((id) => moving.has(id)) || (at !== undefined && moving.has(at));
  const here = items?.every((item) => (item._parent ?? undefined) === at) ?? false;
  const [busy, setBusy] = useState(false);

  return (
    <DialogShell
      open={items !== null}
      onClose={onClose}
      title={`Move ${items?.length === 1 ? items[0].name : `${items?.length ?? 0} items`} to…`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={busy || inside || here}
            onClick={async () => {
              setBusy(true);
              try {
                await onMove(at ?? null);
                onClose();
              } finally {
                setBusy(false);
              }
            }}
          >
            Move here
          </Button>
        </>
      }
    >
      <div className="border-b border-zinc-100 px-4 py-2">
        <Breadcrumbs crumbs={crumbsOf(folder)} onOpen={setAt} />
      </div>
      <ul className="min-h-40 py-1" aria-label="Folders">
        {query.isLoading && (
          <li className="flex justify-center py-8">
            <Spinner />
          </li>
        )}
        {!query.isLoading && folders.length === 0 && (
          <li className="px-5 py-8 text-center text-[13px] text-zinc-500">No folders inside</li>
        )}
        {folders.map((child) => (
          <li key={child._id}>
            <button
              type="button"
              disabled={moving.has(child._id)}
              onClick={() => setAt(child._id)}
              className="flex w-full items-center gap-2.5 px-5 py-2 text-left text-[13px] text-zinc-800 hover:bg-zinc-50 disabled:opacity-40"
            >
              <Folder aria-hidden className="size-4 text-accent-600" />
              <span className="min-w-0 flex-1 truncate">{child.name}</span>
              <ChevronRight aria-hidden className="size-4 text-zinc-500" />
            </button>
          </li>
        ))}
        {query.hasNextPage && (
          <li className="px-5 py-2">
            <Button variant="ghost" onClick={() => void query.fetchNextPage()}>
              Load more
            </Button>
          </li>
        )}
      </ul>
    </DialogShell>
  );
}
