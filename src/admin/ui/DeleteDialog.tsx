import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { DELETE_HOLD_MS } from '../../shared/rules/constants';
import { Button } from './Button';

interface Pending {
  title: string;
  /** Deletes; a promise that rejects is a refusal (the server's 409 or 400), shown in the dialog with its message. */
  confirm(): void | Promise<unknown>;
  /** More to know before deleting, under the question (where a file is used). */
  details?: ReactNode;
  /** What had the focus when the dialog was asked for (the delete button): it gets it back on close. */
  opener?: Element | null;
  /** Why the delete was refused, when it was tried without the dialog (shift-click). */
  refusal?: string;
}

/** Details of the question when the user is about to delete their own account (`isOwnAccount`). */
export function OwnAccountNote() {
  return (
    <p className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900">
      This is your own user: deleting it signs you out, and you cannot sign in with it again.
    </p>
  );
}

/** Runs a delete: answers why it failed (the server's message), or undefined when it worked. */
async function attempt(confirm: Pending['confirm']): Promise<string | undefined> {
  try {
    await confirm();
    return undefined;
  } catch (error) {
    const message = (error as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? message : String(error);
  }
}

/**
 * Spec section 2: delete asks for confirmation in a dialog whose button fills over 2 s before it can
 * be used; shift-click on delete skips the dialog. `request(event, title, confirm)` does either. A delete
 * the server refuses (the role users hold, the last admin) leaves the dialog open with the reason; one
 * tried with shift-click opens it with the reason.
 */
export function useDeleteConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const request = useCallback(
    (event: MouseEvent | { shiftKey: boolean }, title: string, confirm: Pending['confirm'], details?: ReactNode) => {
      const opener = document.activeElement;
      if (!event.shiftKey) return setPending({ title, confirm, details, opener });
      // The question is skipped, not the answer: a refusal is said in the dialog.
      void attempt(confirm).then((refusal) => refusal && setPending({ title, confirm, details, opener, refusal }));
    },
    [],
  );
  const dialog = <DeleteDialog pending={pending} onClose={() => setPending(null)} />;
  return { request, dialog };
}

export function DeleteDialog({
  pending,
  onClose,
  holdMs = DELETE_HOLD_MS,
}: {
  pending: Pending | null;
  onClose(): void;
  holdMs?: number;
}) {
  // Radix gives the focus back to a Dialog.Trigger, which this dialog (opened by `request`) has none of.
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (pending) opener.current = pending.opener ?? null;
  }, [pending]);
  // The delete under way and the last refusal, of the dialog as it is asked now (a new question starts afresh).
  const [run, setRun] = useState<{ of: Pending | null; busy: boolean; refusal?: string }>({ of: null, busy: false });
  if (run.of !== pending) setRun({ of: pending, busy: false, refusal: pending?.refusal });
  const current = useRef(pending);
  useEffect(() => {
    current.current = pending;
  }, [pending]);
  const confirm = async () => {
    if (!pending) return;
    setRun({ of: pending, busy: true });
    const refusal = await attempt(pending.confirm);
    // Closed (or asked again) meanwhile: that answer is no longer this dialog's.
    if (current.current !== pending) return;
    if (refusal === undefined) onClose();
    else setRun({ of: pending, busy: false, refusal });
  };
  const returnFocus = (event: Event) => {
    const target = opener.current;
    // A deleted row's button is gone: then Radix's own choice stands.
    if (target instanceof HTMLElement && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <Dialog.Root open={pending !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 backdrop-blur-[1px]" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg border border-zinc-200 bg-white p-5 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-[15px] font-semibold text-zinc-900">Delete {pending?.title}?</Dialog.Title>
          <Dialog.Description className="mt-1.5 text-[13px] text-zinc-600">
            This cannot be undone from the list. {/* A touch screen has no shift key to skip with. */}
            <span className="pointer-coarse:hidden">Tip: shift-click on delete skips this question.</span>
          </Dialog.Description>
          {pending?.details}
          {run.refusal && (
            <p
              role="alert"
              className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-[13px] break-words text-red-700"
            >
              <span className="font-medium">Not deleted.</span> {run.refusal}
            </p>
          )}
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <HoldButton key={pending?.title} holdMs={holdMs} busy={run.busy} onClick={() => void confirm()}>
              Delete
            </HoldButton>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The confirming button of a delete dialog: it fills from the left over `holdMs` after it appears and
 * can be used only then (spec section 2), so a reflex click or Enter does not delete. `busy` shows a
 * spinner while the deletion runs.
 */
export function HoldButton({
  onClick,
  children,
  busy = false,
  holdMs = DELETE_HOLD_MS,
}: {
  onClick(): void;
  children: ReactNode;
  busy?: boolean;
  holdMs?: number;
}) {
  const [ready, setReady] = useState(false);
  const [filling, setFilling] = useState(false);
  useEffect(() => {
    // Start the fill on the next frame so the transition runs from 0.
    const frame = requestAnimationFrame(() => setFilling(true));
    const timer = setTimeout(() => setReady(true), holdMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [holdMs]);
  const label = (
    <>
      {busy && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
      {children}
    </>
  );
  return (
    <button
      type="button"
      disabled={!ready || busy}
      data-ready={ready}
      aria-busy={busy}
      onClick={onClick}
      className="relative inline-flex h-8 min-w-24 items-center justify-center gap-1.5 overflow-hidden rounded-md border border-red-600 bg-red-50 px-3 text-[13px] font-medium text-red-700 disabled:cursor-wait"
    >
      {label}
      {/* The filled part is a white-on-red copy revealed from the left, so the text reads at every moment. */}
      <span
        aria-hidden
        className="absolute inset-0 flex items-center justify-center gap-1.5 bg-red-600 text-white ease-linear hover:bg-red-700"
        style={{
          clipPath: filling ? 'inset(0 0 0 0)' : 'inset(0 100% 0 0)',
          transitionProperty: 'clip-path',
          transitionDuration: `${holdMs}ms`,
        }}
      >
        {label}
      </span>
    </button>
  );
}
