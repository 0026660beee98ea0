import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { formatFileSize } from '../../shared/format';
import type { Uploads } from './useUploads';

/** One progress entry per uploading file; entries vanish 5 s after they end. */
export function UploadList({ uploads }: { uploads: Uploads }) {
  if (uploads.entries.length === 0) return null;
  return (
    <section
      aria-label="Uploads"
      className="fixed right-3 bottom-3 z-30 w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-lg"
    >
      <h2 className="border-b border-zinc-100 px-3 py-2 text-xs font-medium text-zinc-500">Uploads</h2>
      <ul className="max-h-64 overflow-y-auto">
        {uploads.entries.map((entry) => {
          const percent = entry.size
            ? Math.min(100, Math.round((entry.loaded / entry.size) * 100))
            : entry.status === 'done'
              ? 100
              : 0;
          return (
            <li
              key={entry.key}
              data-status={entry.status}
              className="upload-entry border-b border-zinc-100 px-3 py-2 last:border-0"
            >
              <div className="flex items-center gap-2">
                {entry.status === 'done' && <CircleCheck aria-hidden className="size-4 shrink-0 text-emerald-600" />}
                {entry.status === 'failed' && <CircleAlert aria-hidden className="size-4 shrink-0 text-red-600" />}
                <span className="min-w-0 flex-1 truncate text-[13px] text-zinc-800">{entry.name}</span>
                <span className="text-xs text-zinc-500 tabular-nums">
                  {entry.status === 'failed' ? '' : entry.status === 'waiting' ? 'Waiting' : `${percent}%`}
                </span>
                <button
                  type="button"
                  aria-label={`Dismiss ${entry.name}`}
                  onClick={() => uploads.dismiss(entry.key)}
                  className="rounded p-0.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700"
                >
                  <X className="size-3.5" />
                </button>
              </div>
              {entry.status === 'failed' ? (
                <p role="alert" className="mt-1 text-xs text-red-600">
                  {entry.error}
                </p>
              ) : (
                <div
                  role="progressbar"
                  aria-label={`Upload of ${entry.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="mt-1.5 h-1 overflow-hidden rounded-full bg-zinc-100"
                >
                  <div
                    className={`h-full rounded-full transition-[width] duration-150 ${entry.status === 'done' ? 'bg-emerald-500' : 'bg-accent-600'}`}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              )}
              {entry.status !== 'failed' && (
                <p className="mt-1 text-[11px] text-zinc-500 tabular-nums">{formatFileSize(entry.size)}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
