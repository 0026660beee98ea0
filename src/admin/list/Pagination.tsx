import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '../../shared/api/listParams';

const pageButton =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-[13px] tabular-nums transition-colors';

/** Numbered page buttons (zero-based in the URL, shown from 1). */
export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage(page: number): void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-1">
      <button
        type="button"
        aria-label="Previous page"
        disabled={page <= 0}
        onClick={() => onPage(page - 1)}
        className={`${pageButton} text-zinc-500 hover:bg-zinc-100 disabled:opacity-40`}
      >
        <ChevronLeft className="size-4" />
      </button>
      {pageWindow(page, pageCount).map((item, index) =>
        item === null ? (
          <span key={`gap-${index}`} className="px-1 text-zinc-500">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item + 1}`}
            onClick={() => onPage(item)}
            className={`${pageButton} ${item === page ? 'bg-accent-600 font-medium text-white' : 'text-zinc-700 hover:bg-zinc-100'}`}
          >
            {item + 1}
          </button>
        ),
      )}
      <button
        type="button"
        aria-label="Next page"
        disabled={page >= pageCount - 1}
        onClick={() => onPage(page + 1)}
        className={`${pageButton} text-zinc-500 hover:bg-zinc-100 disabled:opacity-40`}
      >
        <ChevronRight className="size-4" />
      </button>
    </nav>
  );
}
