import { FilePlus2, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PageTreeNode } from '../../shared/api/pages';
import { documentTitle } from '../../shared/admin/titles';
import { canAccess } from '../core/access';
import { useAdmin } from '../core/AdminContext';
import { useSaveMutation } from '../core/data/api';
import { useDeleteDraftMutation, usePageTreeQuery } from '../core/data/pages';
import type { ApiFailure } from '../core/data/types';
import { buttonClass, IconButton } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { DeletePageDialog } from './editor/PageDialogs';
import { PageTree } from './tree/PageTree';

/** Moves a page under another parent (or to the top level); the server derives the new paths and redirects. */
export function useMovePage() {
  const [save] = useSaveMutation();
  const [error, setError] = useState<string | null>(null);
  const move = (id: string, parent: string | null) => {
    setError(null);
    save({ model: 'pageDraft', doc: { _id: id, _parent: parent } })
      .unwrap()
      .catch((failure: ApiFailure) => setError(failure.message));
  };
  return { move, error };
}

/** Route `/_/pageDrafts`: the page tree with publish states, NEW PAGE, a new child page per page, and delete. */
export default function PageDraftsPage() {
  const { permissions, registry } = useAdmin();
  const model = registry.model('pageDraft');
  const tree = usePageTreeQuery();
  const [deleteDraft] = useDeleteDraftMutation();
  const [deleting, setDeleting] = useState<PageTreeNode | null>(null);
  const { move, error } = useMovePage();
  const canCreate = !!model && canAccess(permissions, model.permission.create);
  const canDelete = !!model && canAccess(permissions, model.permission.delete);
  useEffect(() => {
    document.title = documentTitle('Pages');
  }, []);

  return (
    <>
      <PageHeader
        title="Pages"
        subtitle="Drafts of the site's pages. Drag a page onto another to move it there, or click its handle to choose where."
        actions={
          canCreate && (
            <Link to="/_/pageDrafts/new" className={buttonClass('primary')}>
              <Plus className="size-4" aria-hidden />
              NEW PAGE
            </Link>
          )
        }
      />
      <div className="p-4 md:p-6">
        <div className="mx-auto max-w-4xl rounded-lg border border-zinc-200 bg-white p-2 shadow-xs">
          {(error || tree.error) && (
            <p
              role="alert"
              className="m-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-[13px] text-red-700"
            >
              {error ?? (tree.error as ApiFailure).message}
            </p>
          )}
          {tree.isLoading ? (
            <div className="flex h-40 items-center justify-center">
              <Spinner className="size-6" />
            </div>
          ) : (
            <PageTree
              nodes={tree.data ?? []}
              onMove={move}
              actions={(node) => (
                <span className="flex shrink-0 items-center focus-within:opacity-100 md:opacity-0 md:group-hover:opacity-100">
                  {canCreate && (
                    <Link
                      to={`/_/pageDrafts/new?parent=${node._id}`}
                      aria-label={`New page under ${node.name}`}
                      title={`New page under ${node.name}`}
                      className="flex size-7 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
                    >
                      <FilePlus2 className="size-4" aria-hidden />
                    </Link>
                  )}
                  {canDelete && (
                    <IconButton
                      label={`Delete ${node.name}`}
                      onClick={() => setDeleting(node)}
                      className="size-7 hover:text-red-600"
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </IconButton>
                  )}
                </span>
              )}
            />
          )}
        </div>
        <p className="mx-auto mt-3 flex max-w-4xl flex-wrap gap-4 text-xs text-zinc-500">
          <Legend tone="bg-emerald-500" label="Published" />
          <Legend tone="bg-amber-500" label="Published, draft changed" />
          <Legend tone="bg-zinc-300" label="Not published" />
        </p>
      </div>
      {deleting && (
        <DeletePageDialog
          name={deleting.name}
          published={deleting.published}
          onClose={() => setDeleting(null)}
          onDelete={async (unpublish) => {
            await deleteDraft({ id: deleting._id, unpublish }).unwrap();
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}

function Legend({ tone, label }: { tone: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className={`size-2 rounded-full ${tone}`} />
      {label}
    </span>
  );
}
