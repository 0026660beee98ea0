import { useRef, useState, type ReactNode } from 'react';
import { useResized } from './useResized';

/**
 * The classes of a table head that sticks under the page header while the page scrolls (look.md:
 * tables have a sticky header): below the phone's top bar (3rem) and the page header, whose height
 * `PageHeader` keeps in a custom property (`PAGE_HEADER_HEIGHT`; it grows when its actions wrap).
 * Not while its `TableFrame` scrolls sideways (or, before it is measured, on a phone's width): the
 * offset would then count from the box's top and push the head down over the rows.
 * Written out whole: Tailwind finds its classes in the source text.
 */
export const STICKY_HEAD =
  'sticky z-10 top-[calc(3rem+var(--page-header-height,3.5rem))] md:top-[var(--page-header-height,3.5rem)] group-data-[scrolls=yes]/frame:static max-md:group-data-[scrolls=unknown]/frame:static';

/**
 * The rounded, bordered box around a table. It scrolls sideways only while the table is wider than
 * it: a box that scrolls is the scroll container of the table's head, which would then stick inside
 * the box (that does not scroll up and down) instead of under the page header. While the table fits,
 * the box clips (rounded corners) without scrolling. Before the first measurement (the page as the
 * server renders it) it guesses from the screen's width.
 */
export function TableFrame({ className = '', children }: { className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState<boolean>();
  useResized(box, (element) => setScrolls((element.querySelector('table')?.offsetWidth ?? 0) > element.clientWidth), {
    also: 'table',
  });
  const overflow =
    scrolls === undefined ? 'max-md:overflow-x-auto md:overflow-clip' : scrolls ? 'overflow-x-auto' : 'overflow-clip';
  return (
    <div
      ref={box}
      data-scrolls={scrolls === undefined ? 'unknown' : scrolls ? 'yes' : 'no'}
      className={`group/frame rounded-lg border border-zinc-200 bg-white shadow-xs ${overflow} ${className}`}
    >
      {children}
    </div>
  );
}
