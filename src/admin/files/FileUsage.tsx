import { LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFileReferencesQuery } from '../core/data/filesApi';
import { usageLines } from './usage';

/**
 * Where the files to delete are used, in the delete dialog: a deleted file leaves a hole in every page,
 * layout or other document that shows it (a site's favicon, a user's picture), so the user deletes it
 * knowing where (asked afresh each time the dialog opens).
 */
export function FileUsage({ ids }: { ids: string[] }): ReactNode {
  const { data, isFetching, isError } = useFileReferencesQuery(ids, { refetchOnMountOrArgChange: true });
  if (isFetching)
    return (
      <p className="mt-3 flex items-center gap-1.5 text-xs text-zinc-500" role="status">
        <LoaderCircle className="size-3.5 animate-spin" aria-hidden /> Checking where{' '}
        {ids.length === 1 ? 'it is' : 'they are'} used…
      </p>
    );
  if (isError) return <p className="mt-3 text-xs text-zinc-500">Could not check where it is used.</p>;
  const lines = usageLines(data ?? { references: [], hidden: [] });
  if (lines.length === 0)
    return (
      <p className="mt-3 text-xs text-zinc-500" data-testid="file-usage">
        Not used on any page, layout or other document.
      </p>
    );
  return (
    <div
      className="mt-3 flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900"
      data-testid="file-usage"
      role="note"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
      <div className="min-w-0 break-words">
        {lines.map((line) => (
          <p key={line} className="font-medium">
            {line}
          </p>
        ))}
        <p className="mt-1 text-amber-800">
          Deleted, it is gone from there too: the live site shows nothing in its place.
        </p>
      </div>
    </div>
  );
}
