import { useEffect, useState, type FormEvent } from 'react';
import { failureOf } from '../core/data/api';
import type { FileItem, ItemPatch } from '../core/data/files';
import type { ApiFailure } from '../core/data/types';
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
 * (spec section 6), as comma-separated role names. The server keeps them following the folders
 * (src/server/modules/files/paths.ts): a new folder starts with the lists of the open `folder`
 * (left empty, it takes them), nothing is more open than its folder, and a folder's change reaches
 * everything inside it. The dialog says so where it applies, and stays open with the server's reason when the
 * server refuses (a name too long, a folder of that name already there): under the name when it is the name's.
 */
export function ItemDialog({
  state,
  folder,
  canEditPermissions,
  onClose,
  onSubmit,
}: {
  state: ItemDialogState;
  /** The open folder (null: the top level), where a new folder goes. */
  folder?: FileItem | null;
  canEditPermissions: boolean;
  onClose(): void;
  /** Rejects with the server's refusal. */
  onSubmit(patch: ItemPatch & { name: string }): Promise<unknown>;
}) {
  const item = state?.mode === 'edit' ? state.item : undefined;
  const [name, setName] = useState('');
  const [read, setRead] = useState('');
  const [write, setWrite] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure>();
  useEffect(() => {
    setFailure(undefined);
    setName(item?.name ?? '');
    const source = state?.mode === 'createFolder' ? folder : item;
    setRead((source?._read ?? []).join(', '));
    setWrite((source?._write ?? []).join(', '));
  }, [item, state, folder]);
  const invalid = !name.trim() || /[/\\]/.test(name);
  const nameError = /[/\\]/.test(name) ? 'A name cannot contain / or \\' : failure?.fields?.name;
  const otherError = failure && !failure.fields?.name ? failure.message : undefined;
  // The selection bar's button says Rename; its dialog says the same (and what it renames).
  const title = state?.mode === 'createFolder' ? 'New folder' : `Rename ${item?._type ?? 'item'}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    setBusy(true);
    const creating = state?.mode === 'createFolder';
    const lists = { _read: roles(read), _write: roles(write) };
    const patch: ItemPatch & { name: string } = { name: name.trim() };
    // A new folder sent without a list takes its folder's; an edit sends both as shown.
    for (const key of ['_read', '_write'] as const) {
      if (canEditPermissions && (!creating || lists[key].length > 0)) patch[key] = lists[key];
    }
    try {
      await onSubmit(patch);
      onClose();
    } catch (error) {
      setFailure(failureOf(error));
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
            onChange={(event) => {
              setName(event.target.value);
              setFailure(undefined);
            }}
            className={field}
            aria-invalid={invalid || nameError !== undefined}
            aria-describedby={nameError ? 'item-name-error' : undefined}
          />
          {nameError && (
            <span id="item-name-error" role="alert" className="mt-1 block text-xs text-red-600">
              {nameError}
            </span>
          )}
        </label>
        {canEditPermissions && (
          // The rule speaks of the permission lists (left empty, …): it heads their group, not the name.
          <div
            role="group"
            aria-labelledby="permission-title"
            aria-describedby="permission-rule"
            className="space-y-3 border-t border-zinc-200 pt-4"
          >
            <div>
              <h3 id="permission-title" className="text-[13px] font-semibold text-zinc-800">
                Permissions
              </h3>
              <p id="permission-rule" className="mt-1 text-xs text-zinc-500" data-testid="permission-rule">
                {permissionRule(state, folder)}
              </p>
            </div>
            <label className="block">
              <span className="mb-1 block text-[13px] font-medium text-zinc-700">Read permission (roles)</span>
              <input
                name="_read"
                value={read}
                onChange={(event) => {
                  setRead(event.target.value);
                  setFailure(undefined);
                }}
                placeholder="e.g. guest, staff"
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
                onChange={(event) => {
                  setWrite(event.target.value);
                  setFailure(undefined);
                }}
                placeholder="e.g. staff"
                className={field}
              />
              <span className="mt-1 block text-xs text-zinc-500">
                Roles that may rename, move, replace or delete it.
              </span>
            </label>
          </div>
        )}
        {otherError && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-[13px] text-red-700">
            {otherError}
          </p>
        )}
      </form>
    </DialogShell>
  );
}

/** What the server does with the lists of this item (files/paths.ts), in the user's words. */
function permissionRule(state: ItemDialogState, folder: FileItem | null | undefined): string {
  const inFolder = folder ? `"${folder.name}"` : 'its folder';
  if (state?.mode === 'createFolder')
    return folder
      ? `Starts with the permissions of ${inFolder}; left empty, it takes them. Nothing can be more open than its folder.`
      : 'Left empty, everyone with access to the files sees it.';
  if (state?.item._type === 'folder')
    return 'Changes apply to everything inside: items with this folder’s permissions take the new ones, items with stricter permissions of their own keep them. Nothing inside can be more open than the folder.';
  return 'A file cannot be more open than its folder. Moved into a folder, it takes that folder’s permissions.';
}
