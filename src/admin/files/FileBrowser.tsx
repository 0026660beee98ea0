import {
  CheckCheck,
  CircleCheck,
  FolderInput,
  FolderPlus,
  LayoutGrid,
  List,
  Pencil,
  Trash2,
  Upload,
  X,
} from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { FileItem } from '../core/data/files';
import { Button, IconButton } from '../ui/Button';
import { useDeleteConfirm } from '../ui/DeleteDialog';
import { FileUsage } from './FileUsage';
import { Spinner } from '../ui/Spinner';
import { Breadcrumbs, crumbsOf } from './Breadcrumbs';
import { folderDropProps } from './dragDrop';
import { FileRow, FileTile } from './FileTile';
import { ItemDialog, type ItemDialogState } from './ItemDialog';
import { MoveDialog } from './MoveDialog';
import { UploadList } from './UploadList';
import type { FileBrowserController } from './useFileBrowser';

export type ViewMode = 'grid' | 'list';

/** The selection's buttons are tapped on a phone: 44 px targets there, as on the public site. */
const TOUCH = 'pointer-coarse:size-[44px]';

/** Upload and new-folder buttons; the page puts them in its header, the picker in its toolbar. */
export function BrowserActions({ browser, onNewFolder }: { browser: FileBrowserController; onNewFolder(): void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button onClick={onNewFolder}>
        <FolderPlus aria-hidden className="size-4" />
        <span className="max-sm:sr-only">New folder</span>
      </Button>
      <Button variant="primary" onClick={() => input.current?.click()}>
        <Upload aria-hidden className="size-4" />
        Upload
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
        data-testid="upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) void browser.upload(files);
        }}
      />
    </>
  );
}

function SelectionBar({
  browser,
  onEdit,
  onMove,
  onDelete,
}: {
  browser: FileBrowserController;
  onEdit(item: FileItem): void;
  onMove(): void;
  onDelete(event: React.MouseEvent): void;
}) {
  const count = browser.selected.length;
  const { selecting } = browser;
  if (count === 0 && !selecting) return null;
  return (
    <div className="flex items-center gap-1" role="toolbar" aria-label="Selection">
      <span className="mr-1 text-xs whitespace-nowrap text-zinc-600 tabular-nums" data-testid="selection-count">
        {count} selected
      </span>
      {/* Selection mode is for fingers: no Ctrl+A there. */}
      {selecting && count < browser.children.length && (
        <IconButton label="Select all" onClick={browser.selectAll} className={TOUCH}>
          <CheckCheck className="size-4" />
        </IconButton>
      )}
      {count === 1 && (
        <IconButton label="Rename" onClick={() => onEdit(browser.selected[0])} className={TOUCH}>
          <Pencil className="size-4" />
        </IconButton>
      )}
      {count > 0 && !browser.picker && (
        <IconButton label="Move to…" onClick={onMove} className={TOUCH}>
          <FolderInput className="size-4" />
        </IconButton>
      )}
      {count > 0 && (
        <IconButton label="Delete" onClick={onDelete} className={`${TOUCH} hover:bg-red-50 hover:text-red-600`}>
          <Trash2 className="size-4" />
        </IconButton>
      )}
      {selecting ? (
        <Button variant="ghost" onClick={browser.clearSelection} className="text-accent-700 pointer-coarse:h-[44px]">
          Done
        </Button>
      ) : (
        <IconButton label="Clear selection" onClick={browser.clearSelection} className={TOUCH}>
          <X className="size-4" />
        </IconButton>
      )}
    </div>
  );
}

/**
 * The file browser's view: breadcrumbs, selection actions, the children as a grid or list, paging
 * sentinel, upload drop zone and dialogs. Draws what the controller holds.
 */
export function FileBrowser({
  browser,
  variant = 'page',
  header,
}: {
  browser: FileBrowserController;
  variant?: 'page' | 'picker';
  header?(actions: ReactNode): ReactNode;
}) {
  const [mode, setMode] = useState<ViewMode>('grid');
  const [dialog, setDialog] = useState<ItemDialogState>(null);
  const [moving, setMoving] = useState<FileItem[] | null>(null);
  const [dragging, setDragging] = useState(false);
  const { request, dialog: deleteDialog } = useDeleteConfirm();
  const drop = folderDropProps(browser, browser.folderId);
  const picker = variant === 'picker';

  const deleteSelected = (event: React.MouseEvent) => {
    const items = browser.selected;
    // Nothing to confirm when nothing would go: it says at once which folder holds items.
    if (browser.refuseDelete(items)) return;
    const title = items.length === 1 ? items[0].name : `${items.length} items`;
    const files = items.filter((item) => item._type === 'file').map((item) => item._id);
    const details = files.length > 0 ? <FileUsage ids={files} /> : undefined;
    request(event, title, () => browser.remove(items), details);
  };

  // A folder that could not be shown (not allowed, not found) offers nothing to put into it.
  const actions = browser.error ? null : (
    <BrowserActions browser={browser} onNewFolder={() => setDialog({ mode: 'createFolder' })} />
  );
  const dropZone = {
    onDragEnter: (event: DragEvent) => event.dataTransfer.types.includes('Files') && setDragging(true),
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      setDragging(false);
      drop.onDrop(event);
    },
  };

  return (
    <div ref={browser.rootRef} className={picker ? 'flex min-h-0 flex-1 flex-col' : ''} data-testid="file-browser">
      {header?.(actions)}
      <div
        className={`flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 bg-white px-4 py-1.5 md:px-6 ${picker ? '' : 'sticky top-[6.5rem] z-10 md:top-14'}`}
      >
        {/* Room for a path before the tools: on a phone they move together to a row of their own. */}
        <div className="min-w-0 flex-[1_1_10rem]">
          <Breadcrumbs
            crumbs={crumbsOf(browser.folder)}
            onOpen={browser.openFolder}
            dropProps={(id) => (id === browser.folderId ? {} : folderDropProps(browser, id))}
          />
        </div>
        <div className="ml-auto flex items-center gap-x-3">
          <SelectionBar
            browser={browser}
            onEdit={(item) => setDialog({ mode: 'edit', item })}
            onMove={() => setMoving(browser.selected)}
            onDelete={deleteSelected}
          />
          {picker && <div className="flex items-center gap-2">{actions}</div>}
          {/* A touch screen has no shift key: Select (or a long press) starts selection mode. */}
          {!browser.selecting && browser.children.length > 0 && (
            <Button variant="ghost" onClick={browser.startSelecting} className="not-pointer-coarse:hidden">
              <CircleCheck aria-hidden className="size-4" />
              Select
            </Button>
          )}
          <div className="flex items-center rounded-md border border-zinc-200 p-0.5" role="group" aria-label="View">
            {(['grid', 'list'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={mode === value}
                aria-label={value === 'grid' ? 'Grid view' : 'List view'}
                title={value === 'grid' ? 'Grid view' : 'List view'}
                onClick={() => setMode(value)}
                className={`rounded p-1 ${mode === value ? 'bg-zinc-100 text-zinc-900' : 'text-zinc-500 hover:text-zinc-700'}`}
              >
                {value === 'grid' ? <LayoutGrid className="size-4" /> : <List className="size-4" />}
              </button>
            ))}
          </div>
        </div>
      </div>
      {browser.actionError && (
        <div
          role="alert"
          className="flex items-center gap-2 border-b border-red-200 bg-red-50 px-4 py-2 text-[13px] text-red-700 md:px-6"
        >
          <span className="flex-1">{browser.actionError}</span>
          <IconButton
            label="Dismiss"
            onClick={browser.clearActionError}
            className="size-6 text-red-600 hover:bg-red-100"
          >
            <X className="size-3.5" />
          </IconButton>
        </div>
      )}
      {/* A background click clears the selection (not in selection mode, where a finger that misses a tile would lose it all); keyboard users press Escape (useFileBrowser). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        ref={picker ? browser.setScrollRoot : undefined}
        {...dropZone}
        data-testid="drop-zone"
        className={`relative ${picker ? 'min-h-0 flex-1 overflow-y-auto' : 'min-h-[calc(100dvh-10rem)]'} p-4 md:px-6`}
        onClick={(event) => event.target === event.currentTarget && browser.clearBackground()}
      >
        {browser.loading ? (
          <div className="flex justify-center py-24">
            <Spinner className="size-6" />
          </div>
        ) : browser.error ? (
          <p className="py-24 text-center text-[13px] text-red-600">{browser.error}</p>
        ) : browser.children.length === 0 ? (
          <div className="flex flex-col items-center py-24 text-center" data-testid="empty">
            <span className="flex size-11 items-center justify-center rounded-full bg-zinc-100 text-zinc-500">
              <Upload aria-hidden className="size-5" />
            </span>
            <p className="mt-3 text-[13px] font-medium text-zinc-800">This folder is empty</p>
            <p className="mt-1 text-xs text-zinc-500">Drop files here or use Upload.</p>
          </div>
        ) : mode === 'grid' ? (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- Escape is the keyboard equivalent
          <ul
            role="listbox"
            aria-multiselectable
            aria-label="Files"
            className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3"
            onClick={(event) => event.target === event.currentTarget && browser.clearBackground()}
          >
            {browser.children.map((item) => (
              <FileTile key={item._id} browser={browser} item={item} />
            ))}
          </ul>
        ) : (
          <ul
            role="listbox"
            aria-multiselectable
            aria-label="Files"
            className="overflow-hidden rounded-lg border border-zinc-200 bg-white"
          >
            {browser.children.map((item) => (
              <FileRow key={item._id} browser={browser} item={item} />
            ))}
          </ul>
        )}
        <div ref={browser.sentinelRef} aria-hidden className="h-px" data-testid="page-sentinel" />
        {browser.loadingMore && (
          <div className="flex justify-center py-4">
            <Spinner />
          </div>
        )}
        {!browser.loading && browser.total > 0 && (
          <p className="pt-3 text-center text-xs text-zinc-500 tabular-nums" data-testid="loaded-count">
            {browser.children.length} of {browser.total}
          </p>
        )}
        {dragging && (
          <div className="pointer-events-none absolute inset-2 flex items-center justify-center rounded-xl border-2 border-dashed border-accent-600 bg-accent-50/80">
            <p className="flex items-center gap-2 text-[13px] font-medium text-accent-700">
              <Upload aria-hidden className="size-4" />
              Drop to upload{browser.folder ? ` into ${browser.folder.name}` : ''}
            </p>
          </div>
        )}
      </div>
      <UploadList uploads={browser.uploads} />
      <ItemDialog
        state={dialog}
        folder={browser.folder}
        canEditPermissions={browser.canEditPermissions}
        onClose={() => setDialog(null)}
        onSubmit={(patch) =>
          dialog?.mode === 'edit' ? browser.update(dialog.item, patch) : browser.createFolder(patch)
        }
      />
      <MoveDialog
        items={moving}
        start={browser.folderId}
        onClose={() => setMoving(null)}
        onMove={(target) => browser.move(moving ?? [], target)}
      />
      {deleteDialog}
    </div>
  );
}
