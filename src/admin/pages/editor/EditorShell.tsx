import { Braces, Monitor, Redo2, Smartphone, Undo2 } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useAdmin } from '../../core/AdminContext';
import { IconButton } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import type { ElementCompleteness } from '../../../shared/validation/elementProblems';
import type { EditedDoc } from '../model/editorState';
import { elementAtFault } from '../model/findings';
import type { Conflict } from '../model/merge';
import { ElementsEditor, type EditableNode } from './ElementsEditor';
import { JsonDialog } from './JsonDialog';
import { MergeDialog } from './MergeDialog';
import { RefusalBar, type Refusal } from './RefusalBar';
import { SaveIndicator } from './SaveIndicator';
import { useUndoKeys, type PageEditor } from './usePageEditor';

export type PreviewWidth = 'desktop' | 'phone';
export const PREVIEW_WIDTHS: Record<PreviewWidth, string> = { desktop: '100%', phone: '390px' };

type Tab = 'settings' | 'elements';

/**
 * The frame shared by the page and layout editors: the header with undo/redo, the save state and
 * the buttons; the page tree on the left (from 768 px); the live preview in the middle; the
 * sidebar with the document's settings and its elements on the right (below the preview under 1280 px).
 */
export function EditorShell({
  editor,
  title,
  subtitle,
  actions,
  left,
  settingsLabel,
  settings,
  elementsTop,
  getElements,
  setElements,
  positioned,
  completeness,
  preview,
  findings = {},
  describeConflict,
  readonly,
  selected,
  onSelect,
  refusal,
}: {
  editor: PageEditor;
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  left?: ReactNode;
  settingsLabel: string;
  settings: ReactNode;
  /** Shown above the element editing (the spell check's findings). */
  elementsTop?: ReactNode;
  getElements(doc: EditedDoc): EditableNode[];
  setElements(doc: EditedDoc, elements: EditableNode[]): EditedDoc;
  positioned?: boolean;
  /** How complete a save needs the elements (ElementsEditor). */
  completeness?: ElementCompleteness;
  preview(width: string, onImage: (key: string, fileId: string) => void): ReactNode;
  findings?: Record<string, number>;
  describeConflict(conflict: Conflict): string;
  readonly?: boolean;
  selected: string | null;
  onSelect(key: string | null): void;
  /** An action the server refused (publish), said under the header as a refused save is. */
  refusal?: Refusal | null;
}) {
  useUndoKeys(editor);
  // A new document starts with its settings: it needs a name before it can be saved.
  const [tab, setTab] = useState<Tab>(editor.isNew ? 'settings' : 'elements');
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [json, setJson] = useState(false);
  const [focusFile, setFocusFile] = useState<{ key: string; file: string; at: number } | null>(null);
  const onImage = useCallback((key: string, file: string) => setFocusFile({ key, file, at: Date.now() }), []);
  const tabs = useRef<HTMLDivElement>(null);
  // Where the tabs stick (their CSS top: under the page header, or the sidebar's top) plus their height.
  const coveredTop = useCallback(() => {
    const bar = tabs.current;
    return bar ? (parseFloat(getComputedStyle(bar).top) || 0) + bar.offsetHeight : 0;
  }, []);
  const { update } = editor;
  const changeElements = useCallback(
    (elements: EditableNode[], group?: boolean) => update((doc) => setElements(doc, elements), group),
    [update, setElements],
  );
  const select = useCallback(
    (key: string | null) => {
      onSelect(key);
      if (key !== null) setTab('elements');
    },
    [onSelect],
  );
  const { registry } = useAdmin();
  const slotsOf = useCallback((tag: string) => registry.element(tag)?.slots ?? [], [registry]);

  const header = (
    <PageHeader
      title={title}
      subtitle={subtitle}
      actions={
        <div className="flex flex-wrap items-center justify-end gap-2">
          <SaveIndicator status={editor.status} />
          <span className="flex items-center">
            <IconButton label="Undo" onClick={editor.undo} disabled={!editor.canUndo}>
              <Undo2 className="size-4" aria-hidden />
            </IconButton>
            <IconButton label="Redo" onClick={editor.redo} disabled={!editor.canRedo}>
              <Redo2 className="size-4" aria-hidden />
            </IconButton>
            <IconButton label="JSON" onClick={() => setJson(true)}>
              <Braces className="size-4" aria-hidden />
            </IconButton>
          </span>
          {actions}
        </div>
      }
    >
      {editor.status.kind === 'error' && (
        // The reason a save failed stays in sight (not only in the indicator's tooltip) until the next save.
        <RefusalBar
          text={`Not saved: ${editor.status.message}`}
          element={elementAtFault(editor.status.fields, getElements(editor.doc), slotsOf)}
          onShow={select}
        />
      )}
      {refusal && (
        <RefusalBar
          text={`${refusal.label}: ${refusal.message}`}
          element={elementAtFault(refusal.fields, getElements(editor.doc), slotsOf)}
          onShow={select}
        />
      )}
    </PageHeader>
  );

  if (editor.loading || editor.loadError)
    return (
      <>
        {header}
        <div className="flex h-64 items-center justify-center p-6">
          {editor.loadError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-[13px] text-red-700">
              {editor.loadError}
            </p>
          ) : (
            <Spinner className="size-6" />
          )}
        </div>
      </>
    );

  const tabClass = (active: boolean) =>
    `h-10 flex-1 border-b-2 text-[13px] font-medium ${active ? 'border-accent-600 text-zinc-900' : 'border-transparent text-zinc-500 hover:text-zinc-800'}`;

  return (
    <>
      {header}
      <div
        className={`grid grid-cols-1 xl:h-[calc(100dvh-3.5rem)] ${left ? 'md:grid-cols-[13rem_minmax(0,1fr)] xl:grid-cols-[14rem_minmax(0,1fr)_24rem]' : 'xl:grid-cols-[minmax(0,1fr)_24rem]'}`}
      >
        {left && (
          <aside
            aria-label="Pages"
            className="hidden overflow-y-auto border-r border-zinc-200 bg-white md:row-span-2 md:block xl:row-span-1"
          >
            {left}
          </aside>
        )}
        <section aria-label="Preview" className="flex h-[70dvh] min-w-0 flex-col bg-zinc-100 xl:h-auto">
          <div className="flex h-10 shrink-0 items-center justify-center gap-1 border-b border-zinc-200 bg-white/60">
            {(['desktop', 'phone'] as const).map((option) => (
              <IconButton
                key={option}
                label={option === 'desktop' ? 'Desktop preview' : 'Phone preview'}
                aria-pressed={width === option}
                onClick={() => setWidth(option)}
                className={width === option ? 'bg-zinc-200 text-zinc-900' : ''}
              >
                {option === 'desktop' ? (
                  <Monitor className="size-4" aria-hidden />
                ) : (
                  <Smartphone className="size-4" aria-hidden />
                )}
              </IconButton>
            ))}
          </div>
          <div className="min-h-0 flex-1 p-3">{preview(PREVIEW_WIDTHS[width], onImage)}</div>
        </section>
        <aside aria-label="Sidebar" className="min-w-0 border-l border-zinc-200 bg-white xl:overflow-y-auto">
          {/* The tabs stick under the page header where the window scrolls (under 1280 px), not behind it. */}
          <div
            ref={tabs}
            role="tablist"
            className="sticky top-[calc(3rem+var(--page-header-height,3.5rem))] z-10 flex border-b border-zinc-200 bg-white px-2 md:top-[var(--page-header-height,3.5rem)] xl:top-0"
          >
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'elements'}
              onClick={() => setTab('elements')}
              className={tabClass(tab === 'elements')}
            >
              Elements
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'settings'}
              onClick={() => setTab('settings')}
              className={tabClass(tab === 'settings')}
            >
              {settingsLabel}
            </button>
          </div>
          {tab === 'settings' ? (
            <div role="tabpanel">{settings}</div>
          ) : (
            <div role="tabpanel">
              {elementsTop}
              <ElementsEditor
                elements={getElements(editor.doc)}
                onChange={changeElements}
                selected={selected}
                onSelect={select}
                findings={findings}
                positioned={positioned}
                completeness={completeness}
                disabled={readonly}
                focusFile={focusFile}
                live={editor.live}
                coveredTop={coveredTop}
              />
            </div>
          )}
        </aside>
      </div>
      {json && (
        <JsonDialog
          doc={editor.doc}
          saveError={editor.status.kind === 'error' ? editor.status.message : undefined}
          onChange={(doc) => editor.change(doc)}
          onClose={() => setJson(false)}
        />
      )}
      {editor.pendingMerge && (
        <MergeDialog pending={editor.pendingMerge} describe={describeConflict} onResolve={editor.resolveMerge} />
      )}
    </>
  );
}
