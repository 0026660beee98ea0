import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useMemo, useState } from 'react';
import type { ModelInfo } from '../../../shared/registry';
import { useAdmin } from '../../core/AdminContext';
import { useFormDataSource } from '../../core/edit/useFormDataSource';
import { useProgress, type ProgressState } from '../../core/useProgress';
import { DialogShell } from '../../files/DialogShell';
import { SchemaForm } from '../../form';
import { Button } from '../../ui/Button';
import { HoldButton } from '../../ui/DeleteDialog';
import { ProgressButton } from '../../ui/ProgressButton';
import { checkCopyFields, copyErrorsOf, errorsAfterChange, fieldToFocus, type CopyErrors } from '../model/copyErrors';
import type { EditedDoc } from '../model/editorState';
import { pickSchema } from './SettingsForms';

/** Spec section 5: the copy-page form has name, title and parent. */
export const COPY_FIELDS = ['name', 'title', '_parent'];

/**
 * 'Copy page?': name, title and parent of the new draft; the copy keeps everything else of this page.
 * A refused copy keeps the dialog open with what was typed, says why next to the field at fault
 * (a path another page has: which page) and puts the focus there.
 */
export function CopyDialog({
  model,
  doc,
  onCopy,
  onClose,
}: {
  model: ModelInfo;
  doc: EditedDoc;
  onCopy(fields: EditedDoc): Promise<unknown>;
  onClose(): void;
}) {
  const { registry } = useAdmin();
  const dataSource = useFormDataSource();
  const schema = useMemo(() => pickSchema(model.schema, COPY_FIELDS), [model]);
  const [fields, setFields] = useState<EditedDoc>(() => ({
    name: `${String(doc.name ?? '')} copy`,
    title: doc.title,
    _parent: doc._parent ?? null,
  }));
  const [errors, setErrors] = useState<CopyErrors>({});
  // A new object on each refusal: the focus goes to the field at fault again, also when the refusal repeats.
  const [focus, setFocus] = useState<{ field: string | undefined } | null>(null);
  const refuse = (found: CopyErrors) => {
    setErrors(found);
    setFocus({ field: fieldToFocus(found, COPY_FIELDS) });
  };
  const copy = useProgress(async () => {
    try {
      await onCopy(fields);
    } catch (error) {
      refuse(copyErrorsOf(error));
      throw error;
    }
  });
  const run = () => {
    const problem = checkCopyFields(fields);
    if (problem) return refuse(problem);
    setErrors({});
    void copy.run();
  };
  useEffect(() => {
    if (focus?.field) document.getElementById(`copy_${focus.field}`)?.focus();
  }, [focus]);

  return (
    <DialogShell
      open
      onClose={onClose}
      title="Copy page?"
      description="A new draft with this page's elements and settings; it is not published."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          {/* A refusal is told next to the field at fault, not in the button's tooltip. */}
          <ProgressButton state={copy.state.phase === 'error' ? IDLE : copy.state} onClick={run}>
            Copy
          </ProgressButton>
        </>
      }
    >
      <div className="p-5">
        <SchemaForm
          idPrefix="copy"
          schema={schema}
          rootSchemas={registry.schemas}
          formData={fields}
          errors={errors}
          onChange={(next) => {
            setErrors((current) => errorsAfterChange(current, fields, next));
            setFields(next);
          }}
          dataSource={dataSource}
        />
      </div>
    </DialogShell>
  );
}

const IDLE: ProgressState = { phase: 'idle' };

/** Deleting a draft asks whether the live page goes too (spec: "asks whether to unpublish the page too"). */
export function DeletePageDialog({
  name,
  published,
  onDelete,
  onClose,
}: {
  name: string;
  published: boolean;
  onDelete(unpublish: boolean): Promise<unknown>;
  onClose(): void;
}) {
  const [unpublish, setUnpublish] = useState(false);
  const remove = useProgress(() => onDelete(unpublish));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg border border-zinc-200 bg-white p-5 shadow-xl focus:outline-none">
          <Dialog.Title className="text-[15px] font-semibold text-zinc-900">Delete {name}?</Dialog.Title>
          <Dialog.Description className="mt-1.5 text-[13px] text-zinc-600">
            {published
              ? 'The draft is deleted. The published page stays online unless you unpublish it too.'
              : 'The draft is deleted. It was never published.'}
          </Dialog.Description>
          {published && (
            <label className="mt-3 flex items-center gap-2 text-[13px] text-zinc-800">
              <input
                type="checkbox"
                checked={unpublish}
                onChange={(event) => setUnpublish(event.target.checked)}
                className="size-4 accent-red-600"
              />
              Also unpublish the page (remove it from the site)
            </label>
          )}
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            <HoldButton busy={remove.state.phase === 'loading'} onClick={() => void remove.run()}>
              {unpublish ? 'Delete and unpublish' : 'Delete'}
            </HoldButton>
          </div>
          {remove.state.phase === 'error' && (
            <p role="alert" className="mt-3 text-[13px] text-red-600">
              {remove.state.message}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
