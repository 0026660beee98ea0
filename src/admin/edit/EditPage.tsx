import { Lock, Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { ModelInfo } from '../../shared/registry';
import { formatTimestamp } from '../../shared/format';
import { useAdmin, useModelByPlural } from '../core/AdminContext';
import { documentTitle, listName } from '../../shared/admin/titles';
import { useEditController, type EditController } from '../core/edit/useEditController';
import { useFormDataSource } from '../core/edit/useFormDataSource';
import { SchemaForm } from '../form';
import { NotFound } from '../screens/NotFound';
import { Button, buttonClass } from '../ui/Button';
import { OwnAccountNote, useDeleteConfirm } from '../ui/DeleteDialog';
import { LeaveDialog } from '../ui/LeaveDialog';
import { PageHeader } from '../ui/PageHeader';
import { ProgressButton } from '../ui/ProgressButton';
import { Spinner } from '../ui/Spinner';
import { HtmlPreview } from './HtmlPreview';
import { DocumentLinks } from '../ui/DocumentLinks';
import { ModelActions } from '../actions/actions';
import { ModelPanels } from '../panels/panels';

function Meta({ edit }: { edit: EditController }) {
  const { formData, model } = edit;
  if (edit.isNew) return <>{model.label} · not saved yet</>;
  const updated = typeof formData._updatedAt === 'string' ? formatTimestamp(formData._updatedAt) : '';
  return (
    <>
      {model.label}
      {updated && ` · updated ${updated}`}
      {formData._deletedAt ? ' · deleted' : ''}
    </>
  );
}

/**
 * The generic edit view: the schema's form, SAVE / NEW / DELETE at the top right, live HTML previews.
 * Under the form: the model's report panels (`x-admin.panels`) of a saved document, then `children`, extra panels
 * of a screen built on the generic one (e.g. the swarm's services);
 * `renderPreview` turns an HTML field into what its preview shows (e.g. a mail template with sample data), and
 * `previewSubject` gives the subject line shown above it (a mail's), `previewNote` what is said above it (a warning, in view while the preview is tall).
 */
export function EditView({
  edit,
  children,
  renderPreview,
  previewSubject,
  previewNote,
}: {
  edit: EditController;
  children?: React.ReactNode;
  renderPreview?: (field: string, html: string, formData: Record<string, unknown>) => string;
  previewSubject?: (formData: Record<string, unknown>) => string;
  previewNote?: (formData: Record<string, unknown>) => React.ReactNode;
}) {
  const { model } = edit;
  const { registry } = useAdmin();
  const dataSource = useFormDataSource();
  const { request, dialog } = useDeleteConfirm();
  useEffect(() => {
    document.title = documentTitle(model.label);
  }, [model]);

  const actions = (
    <>
      {!edit.isNew && !edit.loading && !edit.loadError && (
        <DocumentLinks model={model} doc={{ ...edit.formData, _id: edit.id }} />
      )}
      {!edit.isNew && !edit.loading && !edit.loadError && !edit.deletedAt && (
        <ModelActions
          model={model}
          on="edit"
          doc={{ ...edit.formData, _id: edit.id }}
          saveChanges={edit.dirty && !edit.readonly ? () => edit.saveNow() : undefined}
        />
      )}
      {edit.newLink && !edit.isNew && (
        <Link to={edit.newLink} className={buttonClass('secondary')}>
          <Plus aria-hidden className="size-4" />
          NEW
        </Link>
      )}
      {edit.canDelete && (
        <Button
          variant="danger"
          onClick={(event) =>
            request(event, edit.title, () => edit.remove(), edit.ownAccount ? <OwnAccountNote /> : undefined)
          }
        >
          <Trash2 aria-hidden className="size-4" />
          DELETE
        </Button>
      )}
      {!edit.readonly && (
        <ProgressButton state={edit.progress} onClick={edit.save} disabled={edit.loading}>
          SAVE
        </ProgressButton>
      )}
    </>
  );

  const previews = edit.loading ? [] : edit.htmlFields;
  return (
    <>
      <PageHeader
        title={
          <>
            <Link to={model.route} className="font-normal text-zinc-500 hover:text-zinc-900">
              {listName(model)}
            </Link>
            <span className="mx-1.5 font-normal text-zinc-300">/</span>
            {/* On phones the document's title goes whole to its own line when it does not fit after the list's. */}
            <span className="max-md:inline-block max-md:max-w-full">{edit.title}</span>
          </>
        }
        subtitle={<Meta edit={edit} />}
        actions={actions}
        wrapTitle
      />
      <div className={`grid gap-4 p-4 md:p-6 ${previews.length ? 'xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : ''}`}>
        <div className="min-w-0">
          {edit.loading ? (
            <div className="flex h-48 items-center justify-center rounded-lg border border-zinc-200 bg-white">
              <Spinner className="size-6" />
            </div>
          ) : edit.loadError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-[13px] text-red-700">
              {edit.loadError}
            </p>
          ) : (
            <div className="mx-auto max-w-3xl rounded-lg border border-zinc-200 bg-white p-4 shadow-xs md:p-6">
              {edit.refreshError && (
                <p
                  role="alert"
                  className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900"
                >
                  Could not refresh: {edit.refreshError.message.replace(/\.$/, '')}.{' '}
                  {edit.refreshError.saveable
                    ? 'The form shows the version loaded before, with your changes.'
                    : 'The form shows the version loaded before and can no longer be saved.'}
                </p>
              )}
              {edit.deletedAt && (
                <p
                  role="status"
                  className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900"
                >
                  Deleted {formatTimestamp(edit.deletedAt)}. It is shown as it was and can no longer be changed.
                </p>
              )}
              {edit.limits?.note && !edit.deletedAt && (
                <p
                  role="note"
                  className="mb-4 flex gap-2 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-[13px] text-zinc-700"
                >
                  <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0 text-zinc-500" />
                  {edit.limits.note}
                </p>
              )}
              <SchemaForm
                schema={model.schema}
                formData={edit.formData}
                onChange={edit.onChange}
                errors={edit.errors}
                disabled={edit.readonly}
                rootSchemas={registry.schemas}
                dataSource={dataSource}
                ownDocument={edit.ownDocument}
                asOwner={edit.asOwner}
                limits={edit.limits}
                secretsChanged={edit.secretsChanged}
                source={edit.isNew ? undefined : { model: model.name, id: edit.id }}
              />
            </div>
          )}
          {!edit.isNew && !edit.loading && !edit.loadError && <ModelPanels model={model} id={edit.id} />}
          {children}
        </div>
        {previews.map((field) => (
          <div key={field.name} className="min-w-0 xl:sticky xl:top-20 xl:self-start">
            {previewNote?.(edit.formData)}
            <HtmlPreview
              label={field.label}
              subject={previewSubject?.(edit.formData)}
              html={(renderPreview ?? ((_field: string, html: string) => html))(
                field.name,
                typeof edit.formData[field.name] === 'string' ? (edit.formData[field.name] as string) : '',
                edit.formData,
              )}
            />
          </div>
        ))}
      </div>
      {dialog}
      <LeaveDialog guard={edit.leaveGuard} title={edit.title} save={edit.readonly ? undefined : edit.saveNow} />
    </>
  );
}

function ModelEdit({ model, id }: { model: ModelInfo; id: string }) {
  return <EditView edit={useEditController(model, id)} />;
}

/** Route `/_/{plural}/{id}`. */
export default function EditPage() {
  const { plural, id } = useParams();
  const model = useModelByPlural(plural);
  if (!model || !id) return <NotFound />;
  return <ModelEdit key={model.name} model={model} id={id} />;
}
