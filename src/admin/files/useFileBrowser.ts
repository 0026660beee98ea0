import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { FILE_SCROLL_FACTOR } from '../../shared/rules/constants';
import { useAdmin } from '../core/AdminContext';
import { failureOf } from '../core/data/api';
import type { FileItem, ItemPatch } from '../core/data/files';
import {
  useCreateFolderMutation,
  useFolderInfiniteQuery,
  useRemoveItemMutation,
  useUpdateItemMutation,
} from '../core/data/filesApi';
import {
  clickAction,
  clickSelection,
  deleteRefusal,
  EMPTY_SELECTION,
  isSelectAll,
  isTypingTarget,
  pruneSelection,
  selectAll,
  toggleSelection,
  type Selection,
} from './selection';
import { useUploads } from './useUploads';

/** Roles that see and edit the `_read`/`_write` fields (spec section 6). */
export const PERMISSION_ROLES = ['admin', 'superuser'];

export interface FileBrowserOptions {
  /** The open folder; undefined is the root. */
  folderId?: string;
  onOpenFolder(id: string | undefined): void;
  /** A file is opened without a selection handler (the page navigates to /_/file/{id}). */
  onOpenFile?(item: FileItem): void;
  /** Picker mode: called with the selected files on every change; `confirmed` on a double-click or Enter. */
  onSelect?(items: FileItem[], confirmed: boolean): void;
}

const EMPTY: FileItem[] = [];

/** A touch held this long on an item selects it and starts selection mode, as in phone file apps. */
export const LONG_PRESS_MS = 500;
/** A finger that moves farther than this (px) scrolls: no long press. */
const LONG_PRESS_SLOP = 10;

/** Is the end of the list within the scroll area grown by FILE_SCROLL_FACTOR? */
function nearEnd(node: Element, root: Element | null): boolean {
  const box = root?.getBoundingClientRect() ?? { top: 0, height: window.innerHeight };
  return node.getBoundingClientRect().top <= box.top + box.height * FILE_SCROLL_FACTOR;
}
export const ITEMS_MIME = 'application/x-baukasten-items';

/** The logic of the file browser: folder and paged children, selection, keyboard, writes, uploads, drag and drop. */
export function useFileBrowser({ folderId, onOpenFolder, onOpenFile, onSelect }: FileBrowserOptions) {
  const { user } = useAdmin();
  const query = useFolderInfiniteQuery({ id: folderId });
  const pages = query.data?.pages;
  const children = useMemo(() => pages?.flatMap((page) => page.children) ?? EMPTY, [pages]);
  const folder = pages?.[0]?.folder ?? null;
  const total = pages?.[pages.length - 1]?.total ?? 0;
  const ids = useMemo(() => children.map((item) => item._id), [children]);

  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  // Selection mode (touch): every tap toggles an item until Done; entered by a long press or Select.
  const [selecting, setSelecting] = useState(false);
  const clearSelection = useCallback(() => {
    setSelection(EMPTY_SELECTION);
    setSelecting(false);
  }, []);
  useEffect(clearSelection, [folderId, clearSelection]);
  useEffect(() => setSelection((current) => pruneSelection(current, ids)), [ids]);
  const selected = useMemo(() => children.filter((item) => selection.has(item._id)), [children, selection]);

  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const selectedFiles = useMemo(() => selected.filter((item) => item._type === 'file'), [selected]);
  useEffect(() => onSelectRef.current?.(selectedFiles, false), [selectedFiles]);

  // Ctrl+A selects every loaded child, unless a field is being typed in or another dialog has the focus.
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as Element | null;
      const dialog = target?.closest?.('[role=dialog]');
      if (isTypingTarget(target) || (dialog && !dialog.contains(rootRef.current))) return;
      if (isSelectAll(event)) {
        event.preventDefault();
        setSelection(selectAll(ids));
      } else if (event.key === 'Escape' && !dialog) clearSelection();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [ids, clearSelection]);

  // The pointer of the click under way (a click event does not say whether a finger made it), and the
  // long press: a held touch selects the item, and the click that ends it does nothing more.
  const press = useRef<{ type: string; x: number; y: number; timer?: ReturnType<typeof setTimeout>; held?: boolean }>(
    undefined,
  );
  useEffect(() => () => clearTimeout(press.current?.timer), []);
  const pointerDown = useCallback((event: ReactPointerEvent, item: FileItem) => {
    clearTimeout(press.current?.timer);
    const current = { type: event.pointerType, x: event.clientX, y: event.clientY } as NonNullable<
      typeof press.current
    >;
    press.current = current;
    if (event.pointerType !== 'touch' || !event.isPrimary) return;
    current.timer = setTimeout(() => {
      current.held = true;
      setSelecting(true);
      setSelection((selected) => (selected.has(item._id) ? selected : toggleSelection(selected, item._id)));
    }, LONG_PRESS_MS);
  }, []);
  const pointerMove = useCallback((event: ReactPointerEvent) => {
    const current = press.current;
    if (current?.timer && Math.hypot(event.clientX - current.x, event.clientY - current.y) > LONG_PRESS_SLOP)
      clearTimeout(current.timer);
  }, []);
  const pointerEnd = useCallback(() => clearTimeout(press.current?.timer), []);

  // Paging: the next FILE_PAGE_SIZE children load when the end of the list comes within the viewport grown by FILE_SCROLL_FACTOR.
  const [scrollRoot, setScrollRoot] = useState<Element | null>(null);
  const sentinel = useRef<HTMLElement | null>(null);
  const [atEnd, setAtEnd] = useState(false);
  const sentinelRef = useCallback(
    (node: HTMLElement | null) => {
      sentinel.current = node;
      if (!node || typeof IntersectionObserver === 'undefined') return;
      const margin = `0px 0px ${Math.round((FILE_SCROLL_FACTOR - 1) * 100)}% 0px`;
      const observer = new IntersectionObserver(([entry]) => setAtEnd(entry.isIntersecting), {
        root: scrollRoot,
        rootMargin: margin,
      });
      observer.observe(node);
      return () => observer.disconnect();
    },
    [scrollRoot],
  );
  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = query;
  useEffect(() => {
    // The observer's last word may predate the page that just rendered: measure again before loading more.
    if (!atEnd || !hasNextPage || isFetching || !sentinel.current) return;
    const frame = requestAnimationFrame(() => {
      if (sentinel.current && nearEnd(sentinel.current, scrollRoot)) void fetchNextPage();
      else setAtEnd(false);
    });
    return () => cancelAnimationFrame(frame);
  }, [atEnd, hasNextPage, isFetching, fetchNextPage, children.length, scrollRoot]);

  const [createFolderCall] = useCreateFolderMutation();
  const [updateCall] = useUpdateItemMutation();
  const [removeCall] = useRemoveItemMutation();
  const [actionError, setActionError] = useState<string>();
  const guard = useCallback(async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    setActionError(undefined);
    try {
      return await work();
    } catch (error) {
      setActionError(failureOf(error).message);
      return undefined;
    }
  }, []);

  const uploads = useUploads();
  const byId = useCallback((id: string) => children.find((item) => item._id === id), [children]);

  const open = useCallback(
    (item: FileItem) => {
      if (item._type === 'folder') onOpenFolder(item._id);
      else if (onSelectRef.current) onSelectRef.current([item], true);
      else onOpenFile?.(item);
    },
    [onOpenFolder, onOpenFile],
  );

  const move = useCallback(
    (items: FileItem[], target: string | null) =>
      guard(async () => {
        const movable = items.filter((item) => item._id !== target && (item._parent ?? null) !== target);
        for (const item of movable)
          await updateCall({ model: item._type, id: item._id, patch: { _parent: target } }).unwrap();
        clearSelection();
      }),
    [guard, updateCall, clearSelection],
  );

  return {
    rootRef,
    folderId,
    folder,
    children,
    total,
    loading: query.isLoading,
    fetching: query.isFetching,
    loadingMore: isFetchingNextPage,
    hasMore: Boolean(hasNextPage),
    error: query.error ? failureOf(query.error).message : undefined,
    actionError,
    clearActionError: () => setActionError(undefined),
    canEditPermissions: user.roles.some((role) => PERMISSION_ROLES.includes(role)),
    picker: Boolean(onSelect),
    selection,
    selected,
    selecting,
    startSelecting: () => setSelecting(true),
    /** A click or Space on an item: selects, toggles or (a tap outside selection mode) opens it. */
    click: (event: MouseEvent, item: FileItem) => {
      const pointer = event.type === 'click' ? press.current : undefined;
      press.current = undefined;
      if (pointer?.held) return;
      const action = clickAction(selecting, pointer?.type, event);
      if (action === 'open') open(item);
      else if (action === 'toggle') setSelection((current) => toggleSelection(current, item._id));
      else setSelection((current) => clickSelection(current, item._id, event));
    },
    /** A double-click opens, except in selection mode where it is two toggles of a quick finger. */
    doubleClick: (item: FileItem) => {
      if (!selecting) open(item);
    },
    pointerDown,
    pointerMove,
    pointerEnd,
    selectAll: () => setSelection(selectAll(ids)),
    clearSelection,
    /** A click beside the items: clears a selection, but not selection mode's, which ends with Done. */
    clearBackground: () => {
      if (!selecting) clearSelection();
    },
    open,
    openFolder: onOpenFolder,
    sentinelRef,
    setScrollRoot,
    refetch: () => void query.refetch(),
    /** Rejects with the server's refusal (a name taken or too long), which the dialog asking for it shows. */
    createFolder: (fields: ItemPatch & { name: string }) =>
      createFolderCall({ ...fields, parent: folderId ?? null }).unwrap(),
    /** Rejects with the server's refusal, which the dialog asking for it shows. */
    update: (item: FileItem, patch: ItemPatch) => updateCall({ model: item._type, id: item._id, patch }).unwrap(),
    /** A selection that cannot go (a folder holding items) is refused at once, in the browser's error line. */
    refuseDelete: (items: FileItem[]) => {
      const refusal = deleteRefusal(items);
      if (refusal) setActionError(refusal);
      return refusal !== undefined;
    },
    /**
     * Deletes each item; those the server refuses (a folder filled meanwhile, no right to it) stay selected, and
     * the promise rejects naming them and why, which the delete dialog shows.
     */
    remove: async (items: FileItem[]) => {
      setActionError(undefined);
      const refused: { item: FileItem; message: string }[] = [];
      for (const item of items) {
        try {
          await removeCall({ model: item._type, id: item._id }).unwrap();
        } catch (error) {
          refused.push({ item, message: failureOf(error).message });
        }
      }
      if (refused.length === 0) return clearSelection();
      setSelection(new Set(refused.map(({ item }) => item._id)));
      if (items.length === 1) throw new Error(refused[0].message);
      const deleted = items.length - refused.length;
      const reasons = refused.map(({ item, message }) => `“${item.name}”: ${message.replace(/\.$/, '')}.`).join(' ');
      const others = deleted === 1 ? ' The other item was deleted.' : ` The other ${deleted} items were deleted.`;
      throw new Error(`${reasons}${deleted > 0 ? others : ''}`);
    },
    move,
    /** Drag and drop: the dragged item moves with the rest of the selection when it is part of it. */
    dragIds: (item: FileItem) => (selection.has(item._id) ? [...selection] : [item._id]),
    dropItems: (idsDropped: string[], target: string | null) =>
      move(
        idsDropped.map(byId).filter((item): item is FileItem => Boolean(item)),
        target,
      ),
    uploads,
    upload: (files: readonly File[], folder = folderId) => uploads.upload(files, folder),
  };
}

export type FileBrowserController = ReturnType<typeof useFileBrowser>;
