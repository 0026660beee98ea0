import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { LeaveGuard } from '../core/edit/useLeaveGuard';
import { Button } from './Button';

/**
 * Asks what to do with unsaved changes when the user leaves a form (useLeaveGuard): stay (the default,
 * and what Escape does), leave without them, or save and then leave; a refused save stays, with the
 * form saying why.
 */
export function LeaveDialog({
  guard,
  title,
  save,
}: {
  guard: LeaveGuard;
  title: string;
  /** Saves the form; answers undefined when the save was refused. */
  save?: () => Promise<unknown>;
}) {
  const { blocker } = guard;
  const [saving, setSaving] = useState(false);
  const open = blocker.state === 'blocked';
  const saveAndLeave = async () => {
    const target = blocker.location;
    if (!save || !target) return;
    setSaving(true);
    const saved = await save();
    setSaving(false);
    if (saved === undefined) blocker.reset?.();
    else guard.leave(target);
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !saving && blocker.reset?.()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-zinc-200 bg-white p-5 shadow-xl focus:outline-none">
          <Dialog.Title className="text-[15px] font-semibold text-zinc-900">Leave without saving?</Dialog.Title>
          <Dialog.Description className="mt-1.5 text-[13px] text-zinc-600">
            Your changes to {title} are not saved yet. If you leave now, they are lost.
          </Dialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={saving}>
                Stay
              </Button>
            </Dialog.Close>
            <Button variant="danger" disabled={saving} onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
            {save && (
              <Button variant="primary" disabled={saving} aria-busy={saving} onClick={() => void saveAndLeave()}>
                Save and leave
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
