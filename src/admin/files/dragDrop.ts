import type { DragEvent } from 'react';
import { ITEMS_MIME, type FileBrowserController } from './useFileBrowser';

const hasItems = (event: DragEvent) => event.dataTransfer.types.includes(ITEMS_MIME);
const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** A folder (or crumb) as a drop target: dragged items move into it, dropped files upload into it. */
export function folderDropProps(browser: FileBrowserController, target: string | undefined) {
  const mark = (event: DragEvent, on: boolean) => {
    (event.currentTarget as HTMLElement).dataset.drop = String(on);
  };
  return {
    onDragOver(event: DragEvent) {
      if (!hasItems(event) && !hasFiles(event)) return;
      if (target === browser.folderId && hasItems(event)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = hasItems(event) ? 'move' : 'copy';
      mark(event, true);
    },
    onDragLeave(event: DragEvent) {
      mark(event, false);
    },
    onDrop(event: DragEvent) {
      mark(event, false);
      if (!hasItems(event) && !hasFiles(event)) return;
      event.preventDefault();
      event.stopPropagation();
      if (hasItems(event)) {
        const ids = JSON.parse(event.dataTransfer.getData(ITEMS_MIME) || '[]') as string[];
        void browser.dropItems(
          ids.filter((id) => id !== target),
          target ?? null,
        );
      } else void browser.upload([...event.dataTransfer.files], target);
    },
  };
}

/** Is a finger the main pointer? Then a held touch selects (useFileBrowser) rather than starting a drag. */
const coarsePointer = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** An item as a drag source: it carries its id, or the whole selection when it is part of it. */
export function itemDragProps(browser: FileBrowserController, id: string) {
  return {
    draggable: !browser.picker && !coarsePointer(),
    onDragStart(event: DragEvent) {
      const item = browser.children.find((child) => child._id === id);
      if (!item) return;
      event.dataTransfer.setData(ITEMS_MIME, JSON.stringify(browser.dragIds(item)));
      event.dataTransfer.effectAllowed = 'move';
    },
  };
}
