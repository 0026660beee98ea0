import { useState } from 'react';
import { DialogShell } from '../../files/DialogShell';
import { Button } from '../../ui/Button';
import { pathLabel, type Conflict } from '../model/merge';
import type { PendingMerge } from './usePageEditor';

const show = (value: unknown) =>
  value === undefined ? '(removed)' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);

function Version({
  name,
  label,
  value,
  checked,
  onChoose,
}: {
  name: string;
  label: string;
  value: unknown;
  checked: boolean;
  onChoose(): void;
}) {
  return (
    <label
      className={`flex min-w-0 flex-1 cursor-pointer flex-col gap-1 rounded-md border p-2.5 ${checked ? 'border-accent-600 bg-accent-50' : 'border-zinc-200 hover:border-zinc-300'}`}
    >
      <span className="flex items-center gap-1.5 text-xs font-medium text-zinc-700">
        <input type="radio" name={name} checked={checked} onChange={onChoose} className="accent-accent-600" />
        {label}
      </span>
      <pre className="max-h-40 overflow-auto text-xs whitespace-pre-wrap text-zinc-800">{show(value)}</pre>
    </label>
  );
}

/**
 * Someone else saved the draft and changed the same fields: each conflicting field with both
 * versions, the user picks one per field; everything else is merged already.
 */
export function MergeDialog({
  pending,
  describe,
  onResolve,
}: {
  pending: PendingMerge;
  /** A readable name of a conflict's place (element and field). */
  describe(conflict: Conflict): string;
  onResolve(choices: ('mine' | 'theirs')[]): void;
}) {
  const [choices, setChoices] = useState<('mine' | 'theirs')[]>(() => pending.conflicts.map(() => 'mine'));
  return (
    <DialogShell
      open
      wide
      onClose={() => onResolve(choices)}
      title="Someone else changed this page"
      description="Their other changes are merged with yours. These fields were changed on both sides: choose which version to keep."
      footer={
        <Button variant="primary" onClick={() => onResolve(choices)}>
          Keep chosen versions
        </Button>
      }
    >
      <ul className="space-y-4 p-5">
        {pending.conflicts.map((conflict, i) => (
          <li key={pathLabel(conflict.path)} data-conflict={pathLabel(conflict.path)}>
            <p className="mb-1.5 text-[13px] font-medium text-zinc-900">{describe(conflict)}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Version
                name={`conflict-${i}`}
                label="Your version"
                value={conflict.mine}
                checked={choices[i] === 'mine'}
                onChoose={() => setChoices((all) => all.map((c, j) => (j === i ? 'mine' : c)))}
              />
              <Version
                name={`conflict-${i}`}
                label="Their version"
                value={conflict.theirs}
                checked={choices[i] === 'theirs'}
                onChoose={() => setChoices((all) => all.map((c, j) => (j === i ? 'theirs' : c)))}
              />
            </div>
          </li>
        ))}
      </ul>
    </DialogShell>
  );
}
