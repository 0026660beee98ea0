import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import siteCss from '../../../site/client/site.css?inline';
import { Spinner } from '../../ui/Spinner';
import { undoKey } from '../model/undoKeys';
import { useElementCode } from './useElementCode';

/** Marks of the editor inside the preview: hover and selection outlines, empty slots. */
const EDITOR_CSS = `
[data-el].is-hovered > *:not([data-el]) { outline: 1px dashed hsl(217 91% 60%); outline-offset: -1px; }
[data-el].is-selected > *:not([data-el]) { outline: 2px solid hsl(221 83% 53%); outline-offset: -2px; }
.baukasten-empty-slot { margin: 0.5rem 0; padding: 1rem; border: 1px dashed #cbd5e1; border-radius: 0.5rem;
  color: #64748b; font: 13px/1.4 'Inter Variable', system-ui, sans-serif; text-align: center; }
.baukasten-missing { padding: 0.5rem 1rem; color: #b91c1c; font: 13px system-ui, sans-serif; }
[data-layout] { opacity: 0.92; }
html { scroll-behavior: auto; }
body { margin: 0; }
`;

const SHELL =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body class="bg-page font-sans text-ink antialiased"><div id="preview-root"></div></body></html>';

/**
 * An iframe showing React children with the public site's stylesheet and colours: its own viewport
 * (so the site's breakpoints apply to the preview's width), no admin styles. The children are
 * rendered by the admin's React tree through a portal, so they update as the draft changes.
 */
export function PreviewFrame({
  colorCss,
  title,
  width,
  children,
  onPointer,
  onReady,
}: {
  colorCss: string;
  title: string;
  /** CSS width of the frame ('100%' or a phone width). */
  width: string;
  children: ReactNode;
  /** Clicks and hovers inside the preview, by the element they hit. */
  onPointer?: { click(target: Element): void; hover(target: Element | null): void };
  /** The frame's document is ready for the children. */
  onReady?(doc: Document): void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const pointer = useRef(onPointer);
  pointer.current = onPointer;
  // Drawn once the elements' code is there, as the public site draws a page: never a split element as nothing.
  const elementCode = useElementCode();

  const attach = () => {
    const doc = frame.current?.contentDocument;
    const mount = doc?.getElementById('preview-root');
    if (!doc || !mount) return;
    for (const [id, css] of [
      ['site', siteCss],
      ['editor', EDITOR_CSS],
    ]) {
      const style = doc.createElement('style');
      style.dataset.preview = id;
      style.textContent = css;
      doc.head.append(style);
    }
    // Links and forms of the previewed page must not navigate the frame: a click selects instead.
    doc.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element | null;
        if (target?.closest('a, button[type=submit], input[type=submit]')) event.preventDefault();
        if (target) pointer.current?.click(target);
      },
      true,
    );
    doc.addEventListener('submit', (event) => event.preventDefault(), true);
    // Keys go to the frame once it was clicked (an element selected there): undo and redo are passed on to the
    // frame's element, from where they reach the editor's keys (useUndoKeys). A previewed form's field keeps its own.
    doc.addEventListener('keydown', (event) => {
      const target = event.target as Element | null;
      if (!undoKey(event) || target?.closest('input, textarea, select, [contenteditable=true]')) return;
      const { key, code, ctrlKey, metaKey, shiftKey, altKey } = event;
      const passed = new KeyboardEvent('keydown', {
        key,
        code,
        ctrlKey,
        metaKey,
        shiftKey,
        altKey,
        bubbles: true,
        cancelable: true,
      });
      frame.current?.dispatchEvent(passed);
      if (passed.defaultPrevented) event.preventDefault();
    });
    // So is a paste (Ctrl+V after selecting there): elements copied as JSON go in as from the admin's outline.
    doc.addEventListener('paste', (event) => {
      if ((event.target as Element | null)?.closest('input, textarea, select, [contenteditable=true]')) return;
      const passed = new ClipboardEvent('paste', {
        clipboardData: event.clipboardData,
        bubbles: true,
        cancelable: true,
      });
      frame.current?.dispatchEvent(passed);
      if (passed.defaultPrevented) event.preventDefault();
    });
    doc.addEventListener('mouseover', (event) => pointer.current?.hover(event.target as Element));
    doc.addEventListener('mouseleave', () => pointer.current?.hover(null));
    onReady?.(doc);
    setRoot(mount);
  };

  useEffect(() => {
    // The load event may have fired before React attached the handler.
    if (frame.current?.contentDocument?.readyState === 'complete' && !root) attach();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!root || !doc) return;
    let style = doc.head.querySelector<HTMLStyleElement>('style[data-preview=colors]');
    if (!style) {
      style = doc.createElement('style');
      style.dataset.preview = 'colors';
      doc.head.append(style);
    }
    style.textContent = colorCss;
  }, [root, colorCss]);

  return (
    <div className="relative flex h-full justify-center overflow-hidden">
      <iframe
        ref={frame}
        title={title}
        srcDoc={SHELL}
        onLoad={() => !root && attach()}
        className="h-full border-0 bg-white shadow-sm transition-[width] duration-200"
        style={{ width }}
      />
      {!elementCode && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label="Loading preview" className="size-6" />
        </div>
      )}
      {root && elementCode && createPortal(children, root)}
    </div>
  );
}
