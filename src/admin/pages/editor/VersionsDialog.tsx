import { History } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PageVersionSummary } from '../../../shared/api/pages';
import { formatTimestamp } from '../../../shared/format';
import { useLazyPageVersionQuery, usePageVersionsQuery } from '../../core/data/pages';
import type { ApiFailure } from '../../core/data/types';
import { useProgress } from '../../core/useProgress';
import { DialogShell } from '../../files/DialogShell';
import { Button } from '../../ui/Button';
import { ProgressButton } from '../../ui/ProgressButton';
import { Spinner } from '../../ui/Spinner';
import { diffDocuments } from '../model/diff';
import type { EditedDoc } from '../model/editorState';
import type { JsonPath } from '../model/merge';

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Restores a version into the draft; a refusal is said under the version (the dialog stays, nothing changed). */
function useRestore(onRestore: () => Promise<unknown>) {
  const restore = useProgress(onRestore);
  const button = (
    <ProgressButton state={restore.state} variant="secondary" onClick={() => void restore.run()} errorShownElsewhere>
      Restore
    </ProgressButton>
  );
  const refusal = restore.state.phase === 'error' && (
    <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-1.5 text-xs text-red-700">
      Not restored: {restore.state.message}
    </p>
  );
  return { button, refusal };
}

function VersionItem({
  version,
  live,
  open,
  onToggle,
  onRestore,
  children,
}: {
  version: PageVersionSummary;
  live: boolean;
  open: boolean;
  onToggle(): void;
  onRestore(): Promise<unknown>;
  children: ReactNode;
}) {
  const restore = useRestore(onRestore);
  return (
    <li data-version={version._id} className="px-5 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-[13px] font-medium text-zinc-900">
            {formatTimestamp(version.publishedAt)}
            {live && (
              <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-[11px] text-emerald-800">live</span>
            )}
          </p>
          <p className="text-xs text-zinc-500">published by {version.user ?? 'unknown'}</p>
        </div>
        <Button onClick={onToggle} aria-expanded={open}>
          {open ? 'Hide difference' : 'Difference to draft'}
        </Button>
        {restore.button}
      </div>
      {restore.refusal}
      {children}
    </li>
  );
}

/** Every published version of the page (who, when): its difference to the draft, and restoring it into the draft. */
export function VersionsDialog({
  pageId,
  draft,
  describe,
  onRestore,
  onClose,
}: {
  pageId: string;
  draft: EditedDoc;
  describe(path: JsonPath): string;
  onRestore(versionId: string): Promise<unknown>;
  onClose(): void;
}) {
  const versions = usePageVersionsQuery(pageId);
  const [load, loaded] = useLazyPageVersionQuery();
  const [open, setOpen] = useState<string | null>(null);
  const content = open && loaded.data?._id === open ? loaded.data.content : undefined;
  const differences = content ? diffDocuments(content, draft) : [];
  return (
    <DialogShell
      open
      wide
      onClose={onClose}
      title="Versions"
      description="Every publish keeps a version of the page."
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {versions.isLoading ? (
        <div className="flex h-40 items-center justify-center">
          <Spinner className="size-6" />
        </div>
      ) : versions.error ? (
        <p role="alert" className="m-5 text-[13px] text-red-700">
          {(versions.error as ApiFailure).message}
        </p>
      ) : !versions.data?.length ? (
        <p className="flex items-center gap-2 p-5 text-[13px] text-zinc-500">
          <History className="size-4" aria-hidden /> Not published yet: publishing keeps the first version.
        </p>
      ) : (
        <ul className="divide-y divide-zinc-100">
          {versions.data.map((version, index) => (
            <VersionItem
              key={version._id}
              version={version}
              live={index === 0}
              open={open === version._id}
              onToggle={() => {
                setOpen(open === version._id ? null : version._id);
                if (open !== version._id) void load(version._id, true);
              }}
              onRestore={() => onRestore(version._id)}
            >
              {open === version._id && (
                <div className="mt-3 rounded-md border border-zinc-200 bg-zinc-50 p-3">
                  {!content ? (
                    <Spinner className="size-4" />
                  ) : !differences.length ? (
                    <p className="text-xs text-zinc-500">The draft is the same as this version.</p>
                  ) : (
                    <ul className="space-y-2">
                      {differences.map((difference) => (
                        <li key={difference.path.join('.')} className="text-xs">
                          <p className="font-medium text-zinc-700">{describe(difference.path)}</p>
                          <p className="text-red-700 line-through decoration-red-300">{show(difference.before)}</p>
                          <p className="text-emerald-800">{show(difference.after)}</p>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </VersionItem>
          ))}
        </ul>
      )}
    </DialogShell>
  );
}
