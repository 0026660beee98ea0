import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { FolderOpen, X } from 'lucide-react';
import { lazy, Suspense, useContext, useState } from 'react';
import { ReactReduxContext } from 'react-redux';
import { useFindByIdQuery } from '../../core/data/api';
import type { FileItem } from '../../core/data/files';
import { FileThumb } from '../../files/FileThumb';
import { formContextOf } from './context';
import { ReadOnlyBox } from './ReadOnlyWidget';
import { FileWidget as FileSelectWidget } from './RelationWidgets';

// The browser loads when a picker first opens, not with every form.
const FilePickerDialog = lazy(() =>
  import('../../files/FilePickerDialog').then((module) => ({ default: module.FilePickerDialog })),
);

function FilePicker({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  const fileId = typeof value === 'string' && value ? value : undefined;
  const images = options.widget === 'image' || (options as { image?: boolean }).image === true;
  const [open, setOpen] = useState(false);
  const doc = useFindByIdQuery({ model: 'file', id: fileId ?? '' }, { skip: !fileId });
  const file = doc.data as FileItem | undefined;
  const name = file?.name ?? (fileId ? (doc.isError ? `Missing file ${fileId}` : 'Loading…') : undefined);
  if (readonly) return <ReadOnlyBox id={id}>{name ?? '—'}</ReadOnlyBox>;
  return (
    // Deep in a list in the editor's sidebar the field is narrow: the thumbnail gives way to the name and the action.
    <div className="@container flex items-center gap-2">
      <button
        id={id}
        type="button"
        disabled={disabled}
        aria-describedby={ariaDescribedByIds(id)}
        onClick={() => setOpen(true)}
        className="flex h-12 min-w-0 flex-1 items-center gap-2.5 rounded-md border border-zinc-300 bg-white px-1.5 pr-3 text-left text-[13px] shadow-xs hover:border-zinc-400 focus-visible:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600/20 focus-visible:outline-none disabled:opacity-50"
      >
        {file ? (
          <span className="hidden shrink-0 @[12rem]:block">
            <FileThumb item={file} className="size-9 rounded" />
          </span>
        ) : (
          <span className="hidden size-9 shrink-0 items-center justify-center rounded bg-zinc-100 text-zinc-500 @[12rem]:flex">
            <FolderOpen aria-hidden className="size-4" />
          </span>
        )}
        <span className={`min-w-0 flex-1 truncate ${name ? 'text-zinc-900' : 'text-zinc-500'}`}>
          {name ?? (images ? 'Choose an image…' : 'Choose a file…')}
        </span>
        <span className="shrink-0 text-xs font-medium text-accent-600">{fileId ? 'Change' : 'Browse'}</span>
      </button>
      {fileId && !disabled && (
        <button
          type="button"
          aria-label="Clear"
          title="Clear"
          onClick={() => onChange(undefined)}
          className="rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700"
        >
          <X className="size-4" />
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <FilePickerDialog
            open={open}
            images={images}
            start={file?._parent ?? undefined}
            onClose={() => setOpen(false)}
            onPick={(item) => onChange(item._id)}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The image and file widget: the file browser in a dialog picks the file. For a caller who may not browse
 * the file store (no `manage:files`: the server refuses the browser's folders) and outside the admin's data
 * layer (form stories and tests without a store) it falls back to choosing the file by name.
 */
export function FilePickerWidget(props: WidgetProps) {
  const store = useContext(ReactReduxContext);
  const browse = formContextOf(props.registry).dataSource.mayBrowseFiles !== false;
  return store && browse ? <FilePicker {...props} /> : <FileSelectWidget {...props} />;
}

export function ImagePickerWidget(props: WidgetProps) {
  return <FilePickerWidget {...props} options={{ ...props.options, image: true }} />;
}
