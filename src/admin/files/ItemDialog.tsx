import { useEffect, useState, type FormEvent } from 'react';
import type { FileItem, ItemPatch } from '../core/data/files';
import { Button } from '../ui/Button';
import { DialogShell } from './DialogShell';

const field =
  'h-8 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-[13px] text-zinc-800 shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none';
const roles = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
  ),
];

export type ItemDialogState = { mode: 'createFolder' } | { mode: 'edit'; item: FileItem } | null;

/**
 * New folder, or rename an item; admins and superusers also see and edit `_read` and `_write`
 * (spec section 6), as comma-separated role names.
 */
export function ItemDialog({
  state,
  canEditPermissions,
  onClose,
  onSubmit,
}: {
  state: ItemDialogState;
  canEditPermissions: boolean;
  onClose(): void;
  onSubmit(patch: ItemPatch & { name: string }): Promise<unknown>;
}) {
  const item = state?.mode === 'edit' ? state.item : undefined;
  const [name, setName] = useState('');
  const [read, setRead] = useState('');
  const [write, setWrite] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setName(item?.name ?? '');
    setRead((item?._read ?? []).join(', '));
    setWrite((item?._write ?? []).join(', '));
  }, [item, state]);
  const invalid = !name.trim() || /[/\\]/.test(name);
  const title = state?.mode === 'createFolder' ? 'New folder' : `Edit ${item?._type ?? 'item'}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    setBusy(true);
    const patch: ItemPatch & { name: string } = {
      name: name.trim(),
      ...(canEditPermissions ? { _read: roles(read), _write: roles(write) } : {}),
    };
    try {
      if ((await onSubmit(patch)) !== undefined) onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogShell
      open={state !== null}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="item-dialog-form" disabled={invalid || busy}>
            {state?.mode === 'createFolder' ? 'Create' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="item-dialog-form" onSubmit={submit} className="space-y-4 px-5 py-4">
        <label className="block">
          <span className="mb-1 block text-[13px] font-medium text-zinc-700">
            Name <span className="text-red-600">*</span>
          </span>
          <input
            name="name"
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={field}
            aria-invalid={invalid}
          />
          {/[/\\]/.test(name) && <span className="mt-1 block text-xs text-red-600">A name cannot contain / or \</span>}
        </label>
        {canEditPermissions && (
          <>
            <label className="block">
              <span className="mb-1 block text-[13px] font-medium text-zinc-700">Read permission (roles)</span>
              <input
                name="_read"
                value={read}
                onChange={(event) => setRead(event.target.value)}
                placeholder="guest, editor"
                className={field}
              />
              <span className="mt-1 block text-xs text-zinc-500">
                Roles that may see and download it; guest makes it public.
              </span>
            </label>
            <label className="block">
              <span className="mb-1 block text-[13px] font-medium text-zinc-700">Write permission (roles)</span>
              <input
                name="_write"
                value={write}
                onChange={(event) => setWrite(event.target.value)}
                placeholder="editor"
                className={field}
              />
              <span className="mt-1 block text-xs text-zinc-500">
                Roles that may rename, move, replace or delete it.
              </span>
            </label>
          </>
        )}
      </form>
    </DialogShell>
  );
}
