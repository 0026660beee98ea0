import { ExternalLink, FileQuestion } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatFileSize, formatFileSizeExact, formatTimestamp } from '../../shared/format';
import { documentTitle } from '../../shared/admin/titles';
import { NotFound } from '../screens/NotFound';
import { buttonClass } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { Breadcrumbs, crumbsOf } from './Breadcrumbs';
import { filesPath } from './FilesPage';
import { useFileDetail, type FileDetailController } from './useFileDetail';
import { ScrollablePre } from '../ui/ScrollablePre';

function Preview({ detail }: { detail: FileDetailController }) {
  const { file, kind, url } = detail;
  if (!file) return null;
  if (detail.urlError)
    return <p className="p-10 text-center text-[13px] text-red-600">The file could not be loaded: {detail.urlError}</p>;
  if (!url)
    return (
      <div className="flex justify-center p-16">
        <Spinner className="size-6" />
      </div>
    );
  switch (kind) {
    case 'image':
      return (
        <img
          src={url}
          alt={file.name}
          data-testid="file-image"
          className="mx-auto max-h-[70dvh] w-auto max-w-full object-contain"
        />
      );
    case 'video':
      return <video src={url} controls data-testid="file-video" className="mx-auto max-h-[70dvh] w-full bg-black" />;
    case 'pdf':
      return (
        <embed
          src={url}
          type="application/pdf"
          title={file.name}
          data-testid="file-embed"
          className="h-[70dvh] w-full"
        />
      );
    case 'txt':
      return (
        <iframe src={url} title={file.name} data-testid="file-embed" sandbox="" className="h-[60dvh] w-full bg-white" />
      );
    default:
      return (
        <div
          className="flex flex-col items-center gap-2 p-16 text-center text-[13px] text-zinc-500"
          data-testid="file-other"
        >
          <FileQuestion aria-hidden className="size-8 text-zinc-500" strokeWidth={1.5} />
          No preview for this type. Use ‘open file’.
        </div>
      );
  }
}

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-zinc-100 py-2 last:border-0">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="min-w-0 truncate text-right text-zinc-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** The detail page's view: breadcrumbs, name, 'open file', an inline preview by type and the raw JSON. */
export function FileDetailView({ detail }: { detail: FileDetailController }) {
  const navigate = useNavigate();
  const { file } = detail;
  useEffect(() => {
    document.title = documentTitle(file?.name ?? 'File');
  }, [file?.name]);
  if (detail.loading)
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-6" />
      </div>
    );
  if (!file) return detail.error ? <NotFound /> : null;
  return (
    <>
      <PageHeader
        title={file.name}
        subtitle={[file.mimeType, file.size !== undefined ? formatFileSize(file.size) : undefined]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <a
            href={detail.url}
            target="_blank"
            rel="noreferrer"
            aria-disabled={!detail.url}
            className={buttonClass('primary', detail.url ? '' : 'pointer-events-none opacity-50')}
          >
            <ExternalLink aria-hidden className="size-4" />
            open file
          </a>
        }
      >
        <div className="border-t border-zinc-100 px-4 py-1.5 md:px-6">
          <Breadcrumbs crumbs={crumbsOf(file)} onOpen={(id) => navigate(filesPath(id))} hrefOf={filesPath} />
        </div>
      </PageHeader>
      <div className="grid gap-4 p-4 md:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Preview" className="overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100/60">
          <Preview detail={detail} />
        </section>
        <div className="min-w-0 space-y-4">
          <section aria-label="Details" className="rounded-lg border border-zinc-200 bg-white px-4 py-2 text-[13px]">
            <dl>
              <Meta label="Type">{detail.kind}</Meta>
              <Meta label="MIME type">{file.mimeType ?? '—'}</Meta>
              <Meta label="Size">{file.size !== undefined ? formatFileSizeExact(file.size) : '—'}</Meta>
              <Meta label="Path">{file._path ?? '—'}</Meta>
              <Meta label="Uploaded">{file._createdAt ? formatTimestamp(file._createdAt) : '—'}</Meta>
            </dl>
          </section>
          <section aria-label="Raw JSON" className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
            <h2 className="border-b border-zinc-100 px-4 py-2 text-xs font-medium text-zinc-500">Raw JSON</h2>
            <ScrollablePre
              data-testid="raw-json"
              className="max-h-96 overflow-auto p-4 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-zinc-700"
            >
              {JSON.stringify(file, null, 2)}
            </ScrollablePre>
          </section>
        </div>
      </div>
    </>
  );
}

/** Route `/_/file/:id`. */
export default function FileDetailPage() {
  const { id } = useParams();
  if (!id) return <NotFound />;
  return <FileDetail key={id} id={id} />;
}

function FileDetail({ id }: { id: string }) {
  return <FileDetailView detail={useFileDetail(id)} />;
}
