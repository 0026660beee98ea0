import type EditorJS from '@editorjs/editorjs';

/**
 * Editor.js (2.31) events on its own bus (`editor.on`/`editor.emit`): its ModificationsObserver
 * stops watching on the first and watches again on the second (they frame a fake cursor's DOM
 * changes); its blocks update themselves (current input, `updated()`, block changed) on the third.
 */
const PAUSE = 'fake cursor is about to be toggled';
const RESUME = 'fake cursor have been set';
const REDACTOR_CHANGED = 'redactor dom changed';
const WATCH: MutationObserverInit = { childList: true, subtree: true, characterData: true, attributes: true };
/** The longest Editor.js's blocks wait for the changes when frames do not run (a hidden tab). */
const LATEST_MS = 100;

export interface DeferredMutations {
  /** Hands the changes so far to Editor.js's blocks now. */
  flush(): void;
  /** After `editor.render()`: its own changes are not edits, and it watches again (stop it). */
  rendered(): void;
  dispose(): void;
}

/**
 * Editor.js watches its whole redactor with a MutationObserver and, in the key's own task, has
 * every block look at each change (its current input, the empty marks, `updated()`, the change
 * event). That bookkeeping takes a third of a millisecond per key, before anything else sees the
 * key. Here the editor's observer is stopped and ours keeps the changes, handing them to the
 * blocks on the editor's bus after the frame that shows the key, or at once when something that
 * needs them comes first: a key other than a typed character, a pointer, the clipboard, leaving
 * the field. `onChanged` stands in for Editor.js's `onChange` (which stops with its observer):
 * told after the blocks have the changes, for every change that is not an empty mark.
 */
export function deferMutations(
  editor: EditorJS,
  holder: HTMLElement,
  redactor: Element,
  onChanged: () => void,
): DeferredMutations {
  let queued: MutationRecord[] = [];
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watching = false;
  // Our own PAUSE, sent to stop the editor's observer: not the editor's fake cursor.
  let stopping = false;

  const observer = new MutationObserver((records) => {
    queued.push(...records);
    if (frame || timer !== undefined) return;
    // After the frame that shows the key (the timer when frames do not run).
    frame = requestAnimationFrame(() => setTimeout(flush, 0));
    timer = setTimeout(flush, LATEST_MS);
  });

  const cancel = () => {
    if (frame) cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = 0;
    timer = undefined;
  };

  function flush() {
    cancel();
    const records = queued.concat(observer.takeRecords());
    queued = [];
    if (!records.length) return;
    editor.emit(REDACTOR_CHANGED, { mutations: records });
    if (records.some((record) => record.attributeName !== 'data-empty')) onChanged();
  }

  const watch = () => {
    observer.observe(redactor, WATCH);
    watching = true;
  };
  const stopEditorObserver = () => {
    stopping = true;
    editor.emit(PAUSE, undefined);
    stopping = false;
  };

  // The editor's fake cursor: what changed before it goes to the blocks, its own changes do not
  // (the editor does not watch them either), and the editor's observer stays stopped after it.
  const onPause = () => {
    if (stopping || !watching) return;
    flush();
    observer.disconnect();
    watching = false;
  };
  const onResume = () => {
    if (!watching) watch();
    stopEditorObserver();
  };
  editor.on(PAUSE, onPause);
  editor.on(RESUME, onResume);

  // Whatever comes next may need the blocks up to date; a typed character does not.
  const beforeEvent = (event: Event) => {
    if (!queued.length) return;
    if (event instanceof KeyboardEvent && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey)
      return;
    flush();
  };
  const events = ['keydown', 'pointerdown', 'mousedown', 'paste', 'cut', 'copy', 'drop', 'focusout'] as const;
  // Before the editor's own listeners, also those on the document.
  const keyTarget = holder.ownerDocument.defaultView ?? window;
  keyTarget.addEventListener('keydown', beforeEvent, true);
  for (const type of events) if (type !== 'keydown') holder.addEventListener(type, beforeEvent, true);

  stopEditorObserver();
  watch();

  return {
    flush,
    rendered() {
      cancel();
      queued = [];
      observer.takeRecords();
      stopEditorObserver();
    },
    dispose() {
      cancel();
      observer.disconnect();
      watching = false;
      editor.off(PAUSE, onPause);
      editor.off(RESUME, onResume);
      keyTarget.removeEventListener('keydown', beforeEvent, true);
      for (const type of events) if (type !== 'keydown') holder.removeEventListener(type, beforeEvent, true);
    },
  };
}
