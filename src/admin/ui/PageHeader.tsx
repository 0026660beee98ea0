import { useRef, type ReactNode } from 'react';
import { useResized } from './useResized';

/** The custom property on the document that holds the page header's height (see `STICKY_HEAD` in TableFrame). */
export const PAGE_HEADER_HEIGHT = '--page-header-height';

/**
 * Title row of a screen; actions stay at the top right and the bar sticks while scrolling. A long title is cut
 * with an ellipsis, or, with `wrapTitle`, wraps on phones (below md), where the cut would leave little of it.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  children,
  wrapTitle = false,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  wrapTitle?: boolean;
}) {
  const header = useRef<HTMLElement>(null);
  useResized(
    header,
    (element) =>
      document.documentElement.style.setProperty(PAGE_HEADER_HEIGHT, `${element.getBoundingClientRect().height}px`),
    { cleanup: () => document.documentElement.style.removeProperty(PAGE_HEADER_HEIGHT) },
  );
  return (
    <header ref={header} className="sticky top-12 z-20 border-b border-zinc-200 bg-white md:top-0">
      <div className="flex min-h-14 flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 md:px-6">
        <div className="min-w-0 flex-1 basis-48">
          <h1
            className={`${wrapTitle ? 'break-words md:truncate' : 'truncate'} text-base font-semibold tracking-tight text-zinc-900`}
          >
            {title}
          </h1>
          {subtitle && <p className="truncate text-xs text-zinc-500">{subtitle}</p>}
        </div>
        {actions && <div className="flex max-w-full shrink-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </header>
  );
}
