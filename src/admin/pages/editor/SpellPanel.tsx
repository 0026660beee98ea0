import { SpellCheck, X } from 'lucide-react';
import type { SpellFinding } from '../../../shared/api/pages';
import { IconButton } from '../../ui/Button';

/** The spell check's findings: the word, where it is, and its suggestions (one click applies one). */
export function SpellPanel({
  findings,
  describe,
  onApply,
  onShow,
  onClose,
}: {
  findings: SpellFinding[];
  describe(finding: SpellFinding): string;
  onApply(finding: SpellFinding, suggestion: string): void;
  onShow(finding: SpellFinding): void;
  onClose(): void;
}) {
  return (
    <section aria-label="Spelling" className="border-b border-amber-200 bg-amber-50/60 px-3 py-2.5">
      <header className="mb-1.5 flex items-center gap-2">
        <SpellCheck className="size-4 text-amber-700" aria-hidden />
        <h2 className="flex-1 text-[13px] font-semibold text-zinc-900">
          {findings.length
            ? `${findings.length} spelling ${findings.length === 1 ? 'finding' : 'findings'}`
            : 'No spelling findings'}
        </h2>
        <IconButton label="Close spelling" onClick={onClose} className="size-7">
          <X className="size-4" aria-hidden />
        </IconButton>
      </header>
      <ul className="max-h-72 space-y-1.5 overflow-y-auto">
        {findings.map((finding, i) => (
          <li
            key={`${finding.path}:${finding.word}:${i}`}
            data-finding={finding.word}
            className="rounded-md bg-white px-2.5 py-1.5 shadow-xs"
          >
            <div className="flex items-baseline gap-2">
              <span className="font-medium text-red-700 underline decoration-red-400 decoration-wavy">
                {finding.word}
              </span>
              <button
                type="button"
                onClick={() => onShow(finding)}
                className="min-w-0 truncate text-xs text-zinc-500 hover:text-accent-700"
              >
                {describe(finding)}
              </button>
            </div>
            <div className="mt-1 flex flex-wrap gap-1">
              {finding.suggestions.length ? (
                finding.suggestions.slice(0, 5).map((suggestion) => (
                  <button
                    key={suggestion}
                    type="button"
                    onClick={() => onApply(finding, suggestion)}
                    className="rounded border border-zinc-200 px-1.5 py-0.5 text-xs text-zinc-800 hover:border-accent-600 hover:bg-accent-50"
                  >
                    {suggestion}
                  </button>
                ))
              ) : (
                <span className="text-xs text-zinc-500">No suggestions</span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
