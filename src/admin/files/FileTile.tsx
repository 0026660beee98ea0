import { Check } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { formatDate, formatFileSize } from '../../shared/format';
import type { FileItem } from '../core/data/files';
import { folderDropProps, itemDragProps } from './dragDrop';
import { FileThumb } from './FileThumb';
import type { FileBrowserController } from './useFileBrowser';

function describe(item: FileItem): string {
  if (item._type === 'folder')
    return item.childCount === undefined ? 'Folder' : `${item.childCount} ${item.childCount === 1 ? 'item' : 'items'}`;
  return item.size === undefined ? (item.mimeType ?? '') : formatFileSize(item.size);
}

function itemProps(browser: FileBrowserController, item: FileItem) {
  const selected = browser.selection.has(item._id);
  return {
    'data-id': item._id,
    'data-type': item._type,
    'data-selected': selected,
    role: 'option',
    'aria-selected': selected,
    tabIndex: 0,
    title: item.name,
    onClick: (event: React.MouseEvent) => browser.click(event, item),
    onDoubleClick: () => browser.doubleClick(item),
    onPointerDown: (event: React.PointerEvent) => browser.pointerDown(event, item),
    onPointerMove: browser.pointerMove,
    onPointerUp: browser.pointerEnd,
    onPointerCancel: browser.pointerEnd,
    // A held finger selects (useFileBrowser); the browser's own menu for it would cover the tile.
    onContextMenu: (event: React.MouseEvent) => {
      if (browser.selecting || (event.nativeEvent as PointerEvent).pointerType === 'touch') event.preventDefault();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') browser.open(item);
      else if (event.key === ' ') {
        event.preventDefault();
        browser.click(event as unknown as React.MouseEvent, item);
      }
    },
    ...itemDragProps(browser, item._id),
    ...(item._type === 'folder' ? folderDropProps(browser, item._id) : {}),
  };
}

/** The round check of an item in selection mode: filled when selected. */
function CheckMark({ selected }: { selected: boolean }) {
  return (
    <span
      aria-hidden
      className={`flex size-5 shrink-0 items-center justify-center rounded-full border ${selected ? 'border-accent-600 bg-accent-600 text-white' : 'border-zinc-300 bg-white text-transparent'}`}
    >
      <Check className="size-3" strokeWidth={3} />
    </span>
  );
}

/** A file or folder in the grid: thumbnail, name and size or child count. */
export function FileTile({ browser, item }: { browser: FileBrowserController; item: FileItem }) {
  const selected = browser.selection.has(item._id);
  return (
    <li
      {...itemProps(browser, item)}
      className={`group relative flex cursor-default flex-col overflow-hidden rounded-lg border bg-white outline-none select-none [-webkit-touch-callout:none] focus-visible:ring-2 focus-visible:ring-accent-600 data-[drop=true]:border-accent-600 data-[drop=true]:ring-2 data-[drop=true]:ring-accent-600/30 ${selected ? 'border-accent-600 ring-2 ring-accent-600/25' : 'border-zinc-200 hover:border-zinc-300'}`}
    >
      <FileThumb item={item} className="aspect-[3/2] w-full" />
      <span
        aria-hidden
        className={`absolute top-2 left-2 flex size-5 items-center justify-center rounded-full border shadow-xs transition-opacity ${selected ? 'border-accent-600 bg-accent-600 text-white' : `border-zinc-300 bg-white/90 text-transparent ${browser.selecting ? '' : 'opacity-0 group-hover:opacity-100'}`}`}
      >
        <Check className="size-3" strokeWidth={3} />
      </span>
      <span className="flex min-w-0 flex-col border-t border-zinc-100 px-2.5 py-2">
        <span className="truncate text-[13px] font-medium text-zinc-900">{item.name}</span>
        <span className="truncate text-xs text-zinc-500 tabular-nums">{describe(item)}</span>
      </span>
    </li>
  );
}

/** A file or folder as a row of the list view. */
export function FileRow({ browser, item }: { browser: FileBrowserController; item: FileItem }) {
  const selected = browser.selection.has(item._id);
  return (
    <li
      {...itemProps(browser, item)}
      className={`flex cursor-default items-center gap-3 border-b border-zinc-100 px-3 py-1.5 outline-none select-none [-webkit-touch-callout:none] last:border-0 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:ring-inset data-[drop=true]:bg-accent-50 ${selected ? 'bg-accent-50' : 'hover:bg-zinc-50'}`}
    >
      {browser.selecting && <CheckMark selected={selected} />}
      <FileThumb item={item} className="size-8 shrink-0 rounded" />
      <span className="min-w-0 flex-1 truncate text-[13px] font-medium text-zinc-900">{item.name}</span>
      <span className="hidden w-40 truncate text-xs text-zinc-500 md:block">
        {item._type === 'folder' ? 'Folder' : item.mimeType}
      </span>
      <span className="w-20 text-right text-xs text-zinc-500 tabular-nums">{describe(item)}</span>
      <span className="hidden w-24 text-right text-xs text-zinc-500 tabular-nums sm:block">
        {item._updatedAt ? formatDate(item._updatedAt) : ''}
      </span>
    </li>
  );
}
