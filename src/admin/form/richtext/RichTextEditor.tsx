import type EditorJS from '@editorjs/editorjs';
import { useEffect, useRef } from 'react';
import { blocksToInline, inlineToBlocks, type RichBlock } from './inlineHtml';
import { InlineCodeTool, QuoteTool, StrikeTool } from './tools';

/**
 * Editor.js over a text in the inline format: the value goes in as blocks, every edit comes out as
 * inline text. A value changed from outside (undo, a merge) is rendered again; the editor's own
 * changes are not, so the caret stays where it is.
 */
export default function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  placeholder,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorJS | null>(null);
  const emitted = useRef(value);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => {
    let cancelled = false;
    let instance: EditorJS | null = null;
    void (async () => {
      const [{ default: Editor }, { default: Paragraph }] = await Promise.all([
        import('@editorjs/editorjs'),
        import('@editorjs/paragraph'),
      ]);
      if (cancelled || !holder.current) return;
      emitted.current = latest.current.value;
      instance = new Editor({
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
        async onChange(api) {
          const saved = await api.saver.save();
          const text = blocksToInline(saved.blocks as RichBlock[]);
          if (text === emitted.current) return;
          emitted.current = text;
          latest.current.onChange(text);
        },
      });
      editor.current = instance;
    })();
    return () => {
      cancelled = true;
      editor.current = null;
      void instance?.isReady.then(() => instance?.destroy()).catch(() => undefined);
    };
  }, [disabled, placeholder]);

  // A value from outside (undo, another editor's merged change) replaces the content.
  useEffect(() => {
    const current = editor.current;
    if (!current || value === emitted.current) return;
    emitted.current = value;
    void current.isReady.then(() => current.render({ blocks: inlineToBlocks(value) }));
  }, [value]);

  return (
    <div
      id={id}
      ref={holder}
      onBlur={onBlur}
      data-richtext
      className="rich-text rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-[14px] leading-relaxed shadow-xs focus-within:border-accent-600 focus-within:ring-2 focus-within:ring-accent-600/20"
    />
  );
}
