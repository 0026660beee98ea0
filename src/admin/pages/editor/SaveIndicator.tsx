import { Check, CircleAlert, CircleDashed, GitMerge, LoaderCircle, PencilLine } from 'lucide-react';
import type { SaveStatus } from './usePageEditor';

/**
 * The autosave state next to the editor's buttons. On phones only its icon shows (the words stay for screen
 * readers and as the tooltip): the words differ in width, and the toolbar wrapped to another row count with
 * each change, so the whole editor jumped while typing.
 */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const view = {
    new: { icon: <CircleDashed className="size-3.5" aria-hidden />, text: 'Not saved yet', tone: 'text-zinc-500' },
    saved: { icon: <Check className="size-3.5" aria-hidden />, text: 'Saved', tone: 'text-zinc-500' },
    unsaved: { icon: <PencilLine className="size-3.5" aria-hidden />, text: 'Unsaved changes', tone: 'text-zinc-500' },
    saving: {
      icon: <LoaderCircle className="size-3.5 animate-spin" aria-hidden />,
      text: 'Saving…',
      tone: 'text-zinc-500',
    },
    error: { icon: <CircleAlert className="size-3.5" aria-hidden />, text: 'Not saved', tone: 'text-red-600' },
    conflict: {
      icon: <GitMerge className="size-3.5" aria-hidden />,
      text: 'Changed by someone else',
      tone: 'text-amber-700',
    },
  }[status.kind];
  return (
    <span
      role="status"
      data-save-state={status.kind}
      title={status.kind === 'error' ? status.message : view.text}
      className={`inline-flex items-center gap-1 text-xs whitespace-nowrap ${view.tone}`}
    >
      {view.icon}
      <span className="max-sm:sr-only">{view.text}</span>
    </span>
  );
}
