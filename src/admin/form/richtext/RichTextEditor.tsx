import type EditorJS from '@editorjs/editorjs';
import { useEffect, useRef } from 'react';
import { blocksToInline, elementsToInline, inlineToBlocks, type RichBlock } from './inlineHtml';
import { deferMutations, type DeferredMutations } from './deferredMutations';
import { InlineCodeTool, QuoteTool, StrikeTool } from './tools';

/** A typed text not yet given to onChange, and the frame and timer that deliver it. */
interface Pending {
  text: string;
  frame: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** The longest a typed text waits for its frame before it goes to `onChange`. */
const TYPING_DELIVERY_MS = 100;
const SENT_LIMIT = 50;
/** Editor.js's own wait before its onChange: changes within it are told once. */
const CHANGE_BATCH_MS = 400;

/**
 * Editor.js over a text in the inline format: the value goes in as blocks, every edit comes out as
 * inline text. A value changed from outside (undo, a merge) is rendered again; the editor's own
 * changes are not, so the caret stays where it is.
 *
 * With `onTyping`, a typed key goes there at once (the page editor's preview) and reaches
 * `onChange` (the form, the editor's state) after the next frame, the newest text only: the form's
 * work no longer stands between the key and the preview. Leaving the field delivers at once.
 */
export default function RichTextEditor({
  id,
  value,
  onChange,
  onTyping,
  onBlur,
  disabled,
  placeholder,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  onTyping?(value: string): void;
  onBlur?(): void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorJS | null>(null);
  const mutations = useRef<DeferredMutations | null>(null);
  const emitted = useRef(value);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  // A typed text not yet given to onChange, and the frame and timer that deliver it.
  const pending = useRef<Pending | null>(null);

  // Texts given to onChange whose value has not come back yet: the form may answer with an older
  // one while a newer key is on its way, which is an echo, not a change from outside.
  const sent = useRef<string[]>([]);
  const send = (text: string) => {
    sent.current = [...sent.current.slice(-SENT_LIMIT), text];
    latest.current.onChange(text);
  };
  const deliver = () => {
    const waiting = pending.current;
    if (!waiting) return;
    pending.current = null;
    cancelAnimationFrame(waiting.frame);
    clearTimeout(waiting.timer);
    send(waiting.text);
  };
  const cancelDelivery = () => {
    if (!pending.current) return;
    cancelAnimationFrame(pending.current.frame);
    clearTimeout(pending.current.timer);
    pending.current = null;
  };
  const deliverRef = useRef(deliver);
  deliverRef.current = deliver;
  // Whatever is typed reaches the form, even when the field goes away right after the key.
  useEffect(() => () => deliverRef.current(), []);

  useEffect(() => {
    let cancelled = false;
    let instance: EditorJS | null = null;
    let deferred: DeferredMutations | null = null;
    let changeTimer: ReturnType<typeof setTimeout> | undefined;
    // A change the input event did not bring (a block added or joined, a pasted text, an inline tool).
    const changed = async (api: Pick<EditorJS, 'saver'>) => {
      const saved = await api.saver.save();
      const text = blocksToInline(saved.blocks as RichBlock[]);
      if (text === emitted.current) return;
      emitted.current = text;
      // Newer than a typed text still on its way.
      cancelDelivery();
      send(text);
    };
    void (async () => {
      const [{ default: Editor }, { default: Paragraph }] = await Promise.all([
        import('@editorjs/editorjs'),
        import('@editorjs/paragraph'),
      ]);
      if (cancelled || !holder.current) return;
      emitted.current = latest.current.value;
      const created: EditorJS = new Editor({
        holder: holder.current,
        minHeight: 40,
        readOnly: disabled,
        placeholder,
        data: { blocks: inlineToBlocks(latest.current.value) },
        inlineToolbar: ['bold', 'italic', 'link', 'strike', 'code'],
        tools: {
          paragraph: { class: Paragraph as never, inlineToolbar: true, config: { preserveBlank: false } },
          quote: { class: QuoteTool as never, inlineToolbar: ['bold', 'italic', 'link', 'strike', 'code'] },
          strike: { class: StrikeTool as never, shortcut: 'CMD+SHIFT+X' },
          code: { class: InlineCodeTool as never, shortcut: 'CMD+E' },
        },
        // Only until the changes are deferred (below), which stops Editor.js's own change events.
        onChange: (api) => void changed(api),
      });
      instance = created;
      editor.current = created;
      await created.isReady;
      // The field may have gone while Editor.js started (the element closed): nothing to watch then.
      const root = holder.current;
      const redactor = root?.querySelector('.codex-editor__redactor');
      if (cancelled || disabled || !root || !redactor) return;
      // Batched like Editor.js's own onChange.
      deferred = deferMutations(created, root, redactor, () => {
        clearTimeout(changeTimer);
        changeTimer = setTimeout(() => void changed(created), CHANGE_BATCH_MS);
      });
      mutations.current = deferred;
    })();
    return () => {
      cancelled = true;
      editor.current = null;
      mutations.current = null;
      deferred?.dispose();
      clearTimeout(changeTimer);
      void instance?.isReady.then(() => instance?.destroy()).catch(() => undefined);
    };
  }, [disabled, placeholder]);

  // A value from outside (undo, another editor's merged change) replaces the content.
  useEffect(() => {
    const current = editor.current;
    const echo = sent.current.indexOf(value);
    if (echo >= 0) {
      sent.current = sent.current.slice(echo + 1);
      return;
    }
    if (!current || value === emitted.current) return;
    // The outside value replaces what was typed, also what is still on its way to the form.
    cancelDelivery();
    emitted.current = value;
    void current.isReady
      .then(() => {
        mutations.current?.flush();
        return current.render({ blocks: inlineToBlocks(value) });
      })
      .then(() => mutations.current?.rendered());
  }, [value]);

  // Typing reaches the preview from the input event, without waiting for Editor.js's (debounced) onChange.
  const onInput = () => {
    const root = holder.current;
    if (!root) return;
    // Read from the blocks' elements: their HTML would be serialised and parsed again on every key.
    const text = elementsToInline(
      Array.from(root.querySelectorAll('.ce-block'), (block) => {
        const quote = block.querySelector('.rich-quote');
        return quote
          ? { type: 'quote' as const, element: quote }
          : { type: 'paragraph' as const, element: block.querySelector('.ce-paragraph') };
      }),
    );
    if (text === emitted.current) return;
    emitted.current = text;
    if (!onTyping) {
      send(text);
      return;
    }
    onTyping(text);
    if (pending.current) {
      pending.current.text = text;
      return;
    }
    const waiting: Pending = { text, frame: 0, timer: undefined };
    pending.current = waiting;
    // After the frame that shows the key (the timer when frames do not run, e.g. a hidden tab),
    // asked for once the preview has the key: not between the key and the preview.
    queueMicrotask(() => {
      if (pending.current !== waiting) return;
      waiting.frame = requestAnimationFrame(() => setTimeout(deliver, 0));
      waiting.timer = setTimeout(deliver, TYPING_DELIVERY_MS);
    });
  };

  // The window's capturing listener, the first of all: the text leaves before any other input
  // handler runs (Editor.js's, React's dispatch at its root; React's onInput would come after them).
  const onInputRef = useRef(onInput);
  onInputRef.current = onInput;
  useEffect(() => {
    const root = holder.current;
    const view = root?.ownerDocument.defaultView;
    if (!root || !view) return;
    const listener = (event: Event) => {
      if (event.target instanceof Node && root.contains(event.target)) onInputRef.current();
    };
    view.addEventListener('input', listener, true);
    return () => view.removeEventListener('input', listener, true);
  }, []);

  // The field is a box of its own (styles.css, `.rich-text[data-contained]`): its height is its
  // content's, measured after each layout that changed it (before the frame is painted), so a key
  // lays out the field alone, not the whole admin page around it.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const outer = box.current;
    const inner = holder.current;
    if (!outer || !inner) return;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? inner.offsetHeight;
      outer.style.height = `${height}px`;
      outer.dataset.contained = '';
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      id={id}
      ref={box}
      onBlur={() => {
        deliver();
        onBlur?.();
      }}
      data-richtext
      className="rich-text box-content rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-[14px] leading-relaxed shadow-xs focus-within:border-accent-600 focus-within:ring-2 focus-within:ring-accent-600/20"
    >
      <div ref={holder} />
    </div>
  );
}
