import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ModelInfo } from '../../../shared/registry';
import { EDITOR_DEBOUNCE_MS } from '../../../shared/rules/constants';
import { clearedFields } from '../../core/edit/useEditController';
import { adminApi, useFindByIdQuery, useSaveMutation } from '../../core/data/api';
import { useAdminDispatch } from '../../core/data/hooks';
import type { ApiFailure } from '../../core/data/types';
import {
  editorReducer,
  isDirty,
  SERVER_FIELDS,
  startEditor,
  type EditedDoc,
  type EditorState,
} from '../model/editorState';
import { createLiveEditStore } from '../model/liveEdit';
import { undoKey } from '../model/undoKeys';
import { mergeDocuments, resolveConflicts, type Conflict } from '../model/merge';
import { useLeaveGuard } from '../../core/edit/useLeaveGuard';

export type SaveStatus =
  /** A new document that has never been stored (it needs a name first). */
  | { kind: 'new' }
  | { kind: 'saved' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  /** `fields`: the server's errors by data path (`elements.2.props.name`), to find the element at fault. */
  | { kind: 'error'; message: string; fields?: Record<string, string> }
  | { kind: 'conflict' };

export interface PendingMerge {
  merged: EditedDoc;
  theirs: EditedDoc;
  conflicts: Conflict[];
}

const EMPTY: EditedDoc = {};

/**
 * The logic of the page and layout editors (spec sections 2 and 4): load the document, keep the
 * edits with a 20-step undo history, push them 750 ms after the last change, and when someone else
 * saved in between (409), merge their version with ours: by itself when the changes touch different
 * fields or elements, otherwise with the user's choice per conflicting field.
 */
export function usePageEditor(model: ModelInfo, id: string, defaults: EditedDoc) {
  const isNew = id === 'new';
  const navigate = useNavigate();
  const dispatchApi = useAdminDispatch();
  const query = useFindByIdQuery({ model: model.name, id }, { skip: isNew });
  const [saveCall] = useSaveMutation();
  const [state, dispatch] = useReducer(editorReducer, undefined, () => startEditor(isNew ? defaults : EMPTY));
  const [loadedId, setLoadedId] = useState<string | undefined>(isNew ? 'new' : undefined);
  const [status, setStatus] = useState<SaveStatus>({ kind: isNew ? 'new' : 'saved' });
  const [pendingMerge, setPendingMerge] = useState<PendingMerge | null>(null);
  // Keys typed into rich text, shown by the preview before the state has them (model/liveEdit.ts).
  const [live] = useState(createLiveEditStore);

  const stateRef = useRef<EditorState>(state);
  stateRef.current = state;
  const docId = useRef(isNew ? undefined : id);
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Autosave keeps the rest; leaving is held for what it cannot keep: a refused save, an open merge, a
  // new document that has no name yet.
  const leaveGuard = useLeaveGuard(
    isDirty(state) && (status.kind === 'error' || status.kind === 'conflict' || !docId.current),
  );
  const { release } = leaveGuard;

  // First load, and a version saved elsewhere while we have nothing unsaved: show theirs.
  const remote = query.data as EditedDoc | undefined;
  useEffect(() => {
    if (!remote || remote._id !== id) return;
    const current = stateRef.current;
    if (loadedId !== id) {
      dispatch({ type: 'load', doc: remote });
      setLoadedId(id);
      docId.current = id;
      return;
    }
    if (remote._version !== current.base._version && !isDirty(current) && !inFlight.current)
      dispatch({ type: 'merged', doc: remote, theirs: remote });
  }, [remote, id, loadedId]);

  const fetchTheirs = useCallback(async () => {
    const request = dispatchApi(
      adminApi.endpoints.findById.initiate({ model: model.name, id: docId.current! }, { forceRefetch: true }),
    );
    try {
      return (await request.unwrap()) as EditedDoc;
    } finally {
      request.unsubscribe();
    }
  }, [dispatchApi, model.name]);

  // `keepalive`: the save outlives the page (made as it is hidden or closed; a small enough draft only).
  const push = useCallback(
    async ({ keepalive = false } = {}): Promise<void> => {
      clearTimeout(timer.current);
      dispatch({ type: 'endGroup' });
      if (inFlight.current) {
        again.current = true;
        return inFlight.current;
      }
      const current = stateRef.current;
      if (!isDirty(current) && docId.current) return;
      const sent = current.history.present;
      if (!docId.current && !(typeof sent.name === 'string' && sent.name.trim())) {
        setStatus({ kind: 'unsaved' });
        return;
      }
      // Nulls last: the form holds an emptied field as `undefined`, which hid its null (JSON drops it).
      const body: EditedDoc = { ...sent, ...clearedFields(model, current.base as never, sent) };
      for (const key of SERVER_FIELDS) delete body[key];
      body._id = docId.current ?? 'new';
      if (docId.current && current.base._version !== undefined) body._version = current.base._version;
      setStatus({ kind: 'saving' });
      const run = (async () => {
        try {
          const stored = (await saveCall({ model: model.name, doc: body, keepalive }).unwrap()) as EditedDoc;
          dispatch({ type: 'stored', sent, stored });
          if (!docId.current) {
            docId.current = String(stored._id);
            setLoadedId(docId.current);
            release();
            navigate(`${model.route}/${docId.current}`, { replace: true, state: { created: true } });
          }
          setStatus({ kind: 'saved' });
        } catch (error) {
          const failure = error as ApiFailure;
          if (failure.status !== 409 || !docId.current) {
            setStatus({ kind: 'error', message: failure.message, fields: failure.fields });
            throw failure;
          }
          // Someone else saved since our base: merge their version with ours.
          const theirs = await fetchTheirs();
          const latest = stateRef.current;
          // Still our base's version: nobody else saved, the server refused the draft itself (a path
          // another page has). Merging and sending it again would be refused again, in an endless loop.
          if (theirs._version === latest.base._version) {
            setStatus({ kind: 'error', message: failure.message });
            throw failure;
          }
          const { merged, conflicts } = mergeDocuments(latest.base, latest.history.present, theirs);
          if (conflicts.length) {
            setPendingMerge({ merged, theirs, conflicts });
            setStatus({ kind: 'conflict' });
            return;
          }
          dispatch({ type: 'merged', doc: merged, theirs });
          again.current = true;
        }
      })();
      inFlight.current = run;
      try {
        await run;
      } finally {
        inFlight.current = null;
        if (again.current) {
          again.current = false;
          // The next push reads the newest state after React applied the last dispatch.
          setTimeout(() => void push().catch(() => undefined), 0);
        }
      }
    },
    [fetchTheirs, model, navigate, release, saveCall],
  );

  const present = state.history.present;
  const dirty = isDirty(state);
  // Autosave: 750 ms after the last change (spec section 4).
  useEffect(() => {
    if (pendingMerge) return;
    if (!dirty) {
      // Undone back to what the server has: nothing is left to save, nor a refusal of what was undone.
      if (docId.current)
        setStatus((current) => (current.kind === 'unsaved' || current.kind === 'error' ? { kind: 'saved' } : current));
      return;
    }
    setStatus((current) => (current.kind === 'saving' ? current : { kind: 'unsaved' }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void push().catch(() => undefined), EDITOR_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [present, dirty, pendingMerge, push]);

  // Leaving the page pushes what is left.
  useEffect(() => {
    const flush = () => {
      if (isDirty(stateRef.current)) void push({ keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [push]);

  const change = useCallback((doc: EditedDoc, group = true) => dispatch({ type: 'edit', doc, group }), []);
  const update = useCallback(
    (fn: (doc: EditedDoc) => EditedDoc, group = false) =>
      dispatch({ type: 'edit', doc: fn(stateRef.current.history.present), group }),
    [],
  );

  const resolveMerge = useCallback(
    (choices: ('mine' | 'theirs')[]) => {
      if (!pendingMerge) return;
      const doc = resolveConflicts(pendingMerge.merged, pendingMerge.conflicts, choices);
      dispatch({ type: 'merged', doc, theirs: pendingMerge.theirs });
      setPendingMerge(null);
      setStatus({ kind: 'unsaved' });
    },
    [pendingMerge],
  );

  /** Replaces the draft by what the server answered (reset, restore): no merge, a fresh start. */
  const reload = useCallback((doc: EditedDoc) => dispatch({ type: 'load', doc }), []);

  const failure = query.error as ApiFailure | undefined;
  return {
    model,
    id: docId.current ?? 'new',
    isNew: !docId.current,
    doc: present,
    loading: !isNew && loadedId !== id && !failure,
    loadError: failure?.message,
    status,
    dirty,
    canUndo: state.history.past.length > 0,
    canRedo: state.history.future.length > 0,
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    change,
    update,
    push,
    reload,
    pendingMerge,
    resolveMerge,
    base: state.base,
    refetch: query.refetch,
    live,
    leaveGuard,
  };
}

export type PageEditor = ReturnType<typeof usePageEditor>;

/**
 * Undo and redo from the keyboard (model/undoKeys.ts), except inside a text field, which keeps its own. Keys
 * pressed in the preview's frame arrive here too (PreviewFrame passes them on).
 */
export function useUndoKeys(editor: Pick<PageEditor, 'undo' | 'redo'>) {
  const ref = useRef(editor);
  ref.current = editor;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = undoKey(event);
      if (!action) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable=true]')) return;
      event.preventDefault();
      ref.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
