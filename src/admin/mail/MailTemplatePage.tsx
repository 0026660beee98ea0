import { useParams } from 'react-router';
import { MAIL_SAMPLE_DATA } from '../../shared/api/mail';
import { unknownPlaceholders } from '../../shared/mail/placeholders';
import { renderPreview, renderSubjectPreview } from '../../shared/mail/render';
import { useAdmin } from '../core/AdminContext';
import { useEditController } from '../core/edit/useEditController';
import { EditView } from '../edit/EditPage';
import { NotFound } from '../screens/NotFound';

/** The template's variables with the sample values the 'Vorschau' uses. */
function Variables() {
  return (
    <section
      aria-label="Variables"
      className="mx-auto mt-4 max-w-3xl rounded-lg border border-zinc-200 bg-white p-4 shadow-xs md:px-6"
    >
      <h2 className="text-sm font-semibold text-zinc-900">Variables</h2>
      <p className="mt-0.5 text-xs text-zinc-500">
        Write <code className="font-mono">{'{{name}}'}</code> in subject, text or HTML; values are escaped in HTML. The
        preview uses these sample values.
      </p>
      <dl className="mt-3 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-1.5 text-[13px]">
        {Object.entries(MAIL_SAMPLE_DATA).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-xs text-zinc-700">{`{{${name}}}`}</dt>
            <dd className="truncate text-zinc-500">{String(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const preview = (_field: string, html: string) => renderPreview(html, MAIL_SAMPLE_DATA);
const subject = (formData: Record<string, unknown>) =>
  renderSubjectPreview(typeof formData.subject === 'string' ? formData.subject : '', MAIL_SAMPLE_DATA);

/** Above the preview: placeholders no mail fills, which the preview (and the mail) shows as nothing. */
function UnknownPlaceholders({ formData }: { formData: Record<string, unknown> }) {
  const unknown = unknownPlaceholders(formData);
  if (unknown.length === 0) return null;
  return (
    <p
      role="alert"
      className="mb-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-800"
    >
      Unknown {unknown.length === 1 ? 'placeholder' : 'placeholders'}{' '}
      {unknown.map((name, i) => (
        <span key={name}>
          {i > 0 && ', '}
          <code className="font-mono text-xs">{`{{${name}}}`}</code>
        </span>
      ))}
      : no mail provides {unknown.length === 1 ? 'it' : 'them'}, so {unknown.length === 1 ? 'it stays' : 'they stay'}{' '}
      empty. Use one of the variables listed below the form.
    </p>
  );
}

const note = (formData: Record<string, unknown>) => <UnknownPlaceholders formData={formData} />;

function MailTemplateEdit({ id }: { id: string }) {
  const { registry } = useAdmin();
  const edit = useEditController(registry.model('mailTemplate')!, id);
  return (
    <EditView edit={edit} renderPreview={preview} previewSubject={subject} previewNote={note}>
      <Variables />
    </EditView>
  );
}

/** Route `/_/mailTemplates/{id}`: the generic form; the 'Vorschau' renders subject and HTML with sample data. */
export default function MailTemplatePage() {
  const { id } = useParams();
  const { registry } = useAdmin();
  if (!id || !registry.model('mailTemplate')) return <NotFound />;
  return <MailTemplateEdit key={id} id={id} />;
}
