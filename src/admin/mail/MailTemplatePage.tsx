import { useParams } from 'react-router';
import { MAIL_SAMPLE_DATA } from '../../shared/api/mail';
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

function MailTemplateEdit({ id }: { id: string }) {
  const { registry } = useAdmin();
  const edit = useEditController(registry.model('mailTemplate')!, id);
  return (
    <EditView edit={edit} renderPreview={preview} previewSubject={subject}>
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
