import { useState } from 'react';
import { DialogShell } from '../../files/DialogShell';
import { Button } from '../../ui/Button';
import type { EditedDoc } from '../model/editorState';

/**
 * The JSON debug editor (spec section 5): the whole document as JSON; a change is passed on only
 * when the text parses to an object, otherwise the parse error shows and nothing changes.
 */
export function JsonDialog({
  doc,
  saveError,
  onChange,
  onClose,
}: {
  doc: EditedDoc;
  /** Why the server refused the last save (valid JSON can still be an invalid draft). */
  saveError?: string;
  onChange(doc: EditedDoc): void;
  onClose(): void;
}) {
  const [text, setText] = useState(() => JSON.stringify(doc, null, 2));
  const [error, setError] = useState<string | null>(null);
  return (
    <DialogShell
      open
      wide
      onClose={onClose}
      title="JSON"
      description="The draft as stored. Changes apply as soon as the text is valid JSON."
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-2 p-4">
        <textarea
          aria-label="Document JSON"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            try {
              const value = JSON.parse(next) as unknown;
              if (!value || typeof value !== 'object' || Array.isArray(value))
                throw new Error('The document must be a JSON object');
              setError(null);
              onChange(value as EditedDoc);
            } catch (failure) {
              setError(failure instanceof Error ? failure.message : String(failure));
            }
          }}
          className={`min-h-0 flex-1 resize-none rounded-md border bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 outline-none focus:border-accent-600 ${error ? 'border-red-400' : 'border-zinc-300'}`}
        />
        <p
          role={error || saveError ? 'alert' : undefined}
          className={`text-xs ${error || saveError ? 'text-red-600' : 'text-zinc-500'}`}
        >
          {error ?? (saveError ? `Valid JSON, but not saved: ${saveError}` : 'Valid JSON')}
        </p>
      </div>
    </DialogShell>
  );
}
