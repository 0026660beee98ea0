import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { documentTitle } from '../../shared/admin/titles';
import { PageHeader } from '../ui/PageHeader';
import { FileBrowser } from './FileBrowser';
import { useFileBrowser } from './useFileBrowser';

/** `/_/files/{folder?}`, the path being the open folder's id. */
export const filesPath = (folderId?: string) => `/_/files${folderId ? `/${folderId}` : ''}`;
export const filePath = (id: string) => `/_/file/${id}`;

/** Route `/_/files/*`: the file browser without a selection handler, so a file opens its detail page. */
export default function FilesPage() {
  const folderId = useParams()['*'] || undefined;
  const navigate = useNavigate();
  const browser = useFileBrowser({
    folderId,
    onOpenFolder: (id) => navigate(filesPath(id)),
    onOpenFile: (item) => navigate(filePath(item._id)),
  });
  const name = browser.folder?.name ?? 'Files';
  useEffect(() => {
    document.title = documentTitle(name);
  }, [name]);
  const count = browser.loading
    ? undefined
    : `${browser.total.toLocaleString('de-CH')} ${browser.total === 1 ? 'item' : 'items'}`;
  return (
    <FileBrowser
      browser={browser}
      header={(actions) => <PageHeader title={name} subtitle={count} actions={actions} />}
    />
  );
}
