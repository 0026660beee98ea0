import { useEffect, useRef, type ReactNode } from 'react';
import { BUTTON_PRIMARY } from './button';

interface Props {
  open: boolean;
  title: string;
  tone: 'success' | 'error';
  children?: ReactNode;
  onClose(): void;
}

/**
 * A modal message on the native <dialog> (focus trapped, Escape closes, no library code).
 * Closing it in any way calls onClose, which returns the visitor to the form. Only an open
 * message is in the document: a closed one (the page as the server renders it, since only the
 * site's code submits a form) costs the page no markup.
 */
export function MessageDialog(props: Props): ReactNode {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ title, tone, children, onClose }: Props): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  // close() fires the dialog's close event, which calls onClose; without native dialogs, call it directly.
  const dismiss = () => {
    const dialog = ref.current;
    if (dialog && typeof dialog.close === 'function') dialog.close();
    else onClose();
  };
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label={title}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-heading/40 backdrop:backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-4 px-6 py-8 text-center sm:px-10">
        <span
          aria-hidden
          className={`flex size-12 items-center justify-center rounded-full text-2xl font-bold ${tone === 'success' ? 'bg-emerald-100 text-emerald-700' : 'bg-red-100 text-red-700'}`}
        >
          {tone === 'success' ? '✓' : '!'}
        </span>
        <h2 className="site-card-title" role={tone === 'error' ? 'alert' : 'status'}>
          {title}
        </h2>
        {children ? <div className="text-base text-ink/80">{children}</div> : null}
        <button type="button" className={`${BUTTON_PRIMARY} mt-2 w-full`} onClick={dismiss} autoFocus>
          Schliessen
        </button>
      </div>
    </dialog>
  );
}
