import { useState } from 'react';
import { fileKind, type FileItem } from '../core/data/files';
import { Button } from '../ui/Button';
import { DialogShell } from './DialogShell';
import { FileBrowser } from './FileBrowser';
import { useFileBrowser } from './useFileBrowser';

function PickerBody({
  start,
  accept,
  onPick,
  onPending,
}: {
  start?: string;
  accept?(item: FileItem): boolean;
  onPick(item: FileItem): void;
  onPending(item: FileItem | undefined): void;
}) {
  const [folderId, setFolderId] = useState(start);
  const browser = useFileBrowser({
    folderId,
    onOpenFolder: setFolderId,
    // The selection handler: a single acceptable file is the pending choice; a double-click picks it.
    onSelect: (items, confirmed) => {
      const item = items.length === 1 && (!accept || accept(items[0])) ? items[0] : undefined;
      if (confirmed && item) onPick(item);
      else onPending(item);
    },
  });
  return <FileBrowser browser={browser} variant="picker" />;
}

/** The file browser in a dialog with a selection handler: the file and image picker of edit forms. */
export function FilePickerDialog({
  open,
  start,
  images = false,
  onClose,
  onPick,
}: {
  open: boolean;
  start?: string;
  images?: boolean;
  onClose(): void;
  onPick(item: FileItem): void;
}) {
  const [pending, setPending] = useState<FileItem>();
  const accept = images ? (item: FileItem) => fileKind(item) === 'image' : undefined;
  const pick = (item: FileItem) => {
    onPick(item);
    onClose();
  };
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      wide
      title={images ? 'Choose an image' : 'Choose a file'}
      description={
        // A touch screen has no double-click: a tap on a file picks it there.
        <>
          <span className="pointer-coarse:hidden">
            {images
              ? 'Select an image and confirm, or double-click it.'
              : 'Select a file and confirm, or double-click it.'}
          </span>
          <span className="not-pointer-coarse:hidden">
            {images ? 'Tap an image to choose it.' : 'Tap a file to choose it.'}
          </span>
          {images && ' Uploads land in the open folder.'}
        </>
      }
      footer={
        <>
          <span className="mr-auto self-center truncate text-xs text-zinc-500">
            {pending ? pending.name : 'Nothing selected'}
          </span>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={!pending} onClick={() => pending && pick(pending)}>
            Select
          </Button>
        </>
      }
    >
      {open && <PickerBody start={start} accept={accept} onPick={pick} onPending={setPending} />}
    </DialogShell>
  );
}
