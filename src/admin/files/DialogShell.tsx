import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** The frame of the file browser's dialogs: title, body, actions; focus trapped, Escape closes. */
export function DialogShell({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  wide = false,
  onCloseAutoFocus,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** Where the focus goes on close; Radix gives it to a Dialog.Trigger, which a dialog opened from code has none of. */
  onCloseAutoFocus?(event: Event): void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 backdrop-blur-[1px]" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-zinc-200 bg-white shadow-xl focus:outline-none ${wide ? 'h-[min(85dvh,48rem)] max-w-5xl' : 'max-w-md'}`}
        >
          <div className="flex items-start gap-3 border-b border-zinc-100 px-5 py-3.5">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-[15px] font-semibold text-zinc-900">{title}</Dialog.Title>
              <Dialog.Description className={description ? 'mt-0.5 text-[13px] text-zinc-500' : 'sr-only'}>
                {description ?? title}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mr-1.5 rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700"
            >
              <X className="size-4" />
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-zinc-100 px-5 py-3">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
