import { autoUpdate, flip, FloatingPortal, offset, shift, useFloating } from '@floating-ui/react';
import type { ReactNode } from 'react';

/** A tooltip pinned to its anchor while `open` (errors of progress buttons). */
export function Tooltip({
  open,
  content,
  tone = 'dark',
  children,
}: {
  open: boolean;
  content: ReactNode;
  tone?: 'dark' | 'error';
  children: ReactNode;
}) {
  const { refs, floatingStyles } = useFloating({
    open,
    placement: 'bottom-end',
    whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip(), shift({ padding: 8 })],
  });
  return (
    <>
      <span ref={refs.setReference} className="inline-flex">
        {children}
      </span>
      {open && (
        <FloatingPortal>
          <div
            ref={refs.setFloating}
            style={floatingStyles}
            role="tooltip"
            className={`z-50 max-w-xs rounded-md px-2.5 py-1.5 text-xs leading-snug shadow-lg ${tone === 'error' ? 'bg-red-600 text-white' : 'bg-zinc-900 text-white'}`}
          >
            {content}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
