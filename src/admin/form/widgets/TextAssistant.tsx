import { Check, LoaderCircle, RotateCcw, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { AI_PROMPT_LABELS, AI_PROMPTS, AI_TEXT_PLACEHOLDER, type AiPreset } from '../../../shared/api/ai';
import { diffWords, type DiffPart } from '../../../shared/rules/textDiff';
import { buttonClass } from '../../ui/Button';

type Choice = AiPreset | 'custom';

type Run =
  { phase: 'idle' } | { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'done'; text: string };

function Marked({ parts, side }: { parts: DiffPart[]; side: 'removed' | 'added' }) {
  return (
    <>
      {parts
        .filter((part) => part.kind === 'same' || part.kind === side)
        .map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : side === 'removed' ? (
            <del key={index} className="rounded-sm bg-red-100 text-red-800 decoration-red-400">
              {part.text}
            </del>
          ) : (
            <ins key={index} className="rounded-sm bg-emerald-100 text-emerald-900 no-underline">
              {part.text}
            </ins>
          ),
        )}
    </>
  );
}

/**
 * The AI text assistant of a text field (issue 12): choose a prompt, see the proposal next to the current text
 * with the differences marked, then accept, discard or retry. The field changes only on accept.
 */
export function TextAssistant({
  text,
  rewrite,
  onAccept,
  fieldLabel,
}: {
  text: string;
  rewrite(text: string, prompt: string): Promise<string>;
  onAccept(text: string): void;
  fieldLabel: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<Choice>('shorten');
  const [custom, setCustom] = useState(`Translate into English: ${AI_TEXT_PLACEHOLDER}`);
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const [basis, setBasis] = useState('');

  const prompt = choice === 'custom' ? custom : choice;
  const customInvalid = choice === 'custom' && !custom.includes(AI_TEXT_PLACEHOLDER);
  async function propose() {
    setBasis(text);
    setRun({ phase: 'loading' });
    try {
      setRun({ phase: 'done', text: await rewrite(text, prompt) });
    } catch (error) {
      const message = (error as { message?: unknown })?.message;
      setRun({ phase: 'error', message: typeof message === 'string' ? message : String(error) });
    }
  }
  const close = () => {
    setOpen(false);
    setRun({ phase: 'idle' });
  };

  if (!open)
    return (
      <div className="mt-1 flex justify-end">
        <button
          type="button"
          onClick={() => setOpen(true)}
          disabled={!text.trim()}
          title={text.trim() ? undefined : 'Write a text first'}
          aria-label={`AI assistant for ${fieldLabel}`}
          className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-accent-700 hover:bg-accent-50 disabled:cursor-not-allowed disabled:text-zinc-400 disabled:hover:bg-transparent"
        >
          <Sparkles aria-hidden className="size-3.5" />
          AI assistant
        </button>
      </div>
    );

  const parts = run.phase === 'done' ? diffWords(basis, run.text) : [];
  // The field was edited after the proposal was made: accepting it would throw those edits away.
  const stale = run.phase === 'done' && text !== basis;
  return (
    <section
      aria-label={`AI assistant for ${fieldLabel}`}
      className="@container mt-2 rounded-lg border border-blue-200 bg-accent-50/40 p-3"
    >
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-zinc-700" htmlFor={`${id}-prompt`}>
          Prompt
          <select
            id={`${id}-prompt`}
            value={choice}
            onChange={(event) => setChoice(event.target.value as Choice)}
            className="h-8 rounded-md border border-zinc-300 bg-white pr-7 pl-2 text-[13px] font-normal text-zinc-800 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none"
          >
            {AI_PROMPTS.map((preset) => (
              <option key={preset} value={preset}>
                {AI_PROMPT_LABELS[preset]}
              </option>
            ))}
            <option value="custom">Custom prompt…</option>
          </select>
        </label>
        {choice === 'custom' && (
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-xs font-medium text-zinc-700">
            Custom prompt (with {AI_TEXT_PLACEHOLDER})
            <input
              value={custom}
              onChange={(event) => setCustom(event.target.value)}
              aria-invalid={customInvalid || undefined}
              className={`h-8 rounded-md border bg-white px-2 text-[13px] font-normal text-zinc-800 focus:ring-2 focus:outline-none ${customInvalid ? 'border-red-400 focus:ring-red-500/20' : 'border-zinc-300 focus:border-accent-600 focus:ring-accent-600/20'}`}
            />
          </label>
        )}
        <div className="ml-auto flex gap-2">
          {run.phase !== 'done' && (
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => void propose()}
              disabled={run.phase === 'loading' || customInvalid}
            >
              {run.phase === 'loading' ? (
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
              ) : (
                <Sparkles aria-hidden className="size-4" />
              )}
              Propose
            </button>
          )}
          <button type="button" className={buttonClass('ghost')} onClick={close} aria-label="Close the assistant">
            <X aria-hidden className="size-4" />
          </button>
        </div>
      </div>
      {customInvalid && (
        <p className="mt-1 text-xs text-red-600">A custom prompt must contain {AI_TEXT_PLACEHOLDER}.</p>
      )}
      {run.phase === 'error' && (
        <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-2.5 py-1.5 text-xs text-red-700">
          {run.message}
        </p>
      )}
      {run.phase === 'done' && (
        <>
          {/* Side by side where the field is wide enough, not where the window is (the editor's sidebar). */}
          <div className="mt-3 grid gap-2 @xl:grid-cols-2">
            <figure className="min-w-0 rounded-md border border-zinc-200 bg-white p-2.5">
              <figcaption className="mb-1 text-xs font-medium text-zinc-500">Current text</figcaption>
              <p data-testid="ai-current" className="text-[13px] leading-relaxed whitespace-pre-wrap text-zinc-800">
                <Marked parts={parts} side="removed" />
              </p>
            </figure>
            <figure className="min-w-0 rounded-md border border-blue-200 bg-white p-2.5">
              <figcaption className="mb-1 flex justify-between text-xs font-medium text-zinc-500">
                <span>Proposal</span>
                <span className="tabular-nums">{run.text.length} characters</span>
              </figcaption>
              <p data-testid="ai-proposal" className="text-[13px] leading-relaxed whitespace-pre-wrap text-zinc-800">
                <Marked parts={parts} side="added" />
              </p>
            </figure>
          </div>
          {stale && (
            <p
              role="status"
              className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-800"
            >
              The text was changed after this proposal was made. Retry to get a proposal for the text as it is now.
            </p>
          )}
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className={buttonClass(stale ? 'primary' : 'secondary')}
              onClick={() => void propose()}
            >
              <RotateCcw aria-hidden className="size-4" />
              Retry
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={() => setRun({ phase: 'idle' })}>
              <X aria-hidden className="size-4" />
              Discard
            </button>
            <button
              type="button"
              className={buttonClass(stale ? 'secondary' : 'primary')}
              disabled={stale}
              title={stale ? 'Accepting would replace the changes made since the proposal' : undefined}
              onClick={() => {
                onAccept(run.text);
                close();
              }}
            >
              <Check aria-hidden className="size-4" />
              Accept
            </button>
          </div>
        </>
      )}
    </section>
  );
}
