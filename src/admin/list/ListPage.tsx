import { Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { ModelInfo } from '../../shared/registry';
import { useModelByPlural } from '../core/AdminContext';
import { documentLabel } from '../../shared/admin/documentLabel';
import { listName, listTitle } from '../../shared/admin/titles';
import { useListController, type ListController } from '../core/list/useListController';
import { buttonClass } from '../ui/Button';
import { OwnAccountNote, useDeleteConfirm } from '../ui/DeleteDialog';
import { PageHeader } from '../ui/PageHeader';
import { entryCount } from './entryCount';
import { useListExtras } from './listExtras';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { Pagination } from './Pagination';
import { NotFound } from '../screens/NotFound';
import { ModelActions } from '../actions/actions';

function docTitle(model: ModelInfo, doc: Record<string, unknown>): string {
  return documentLabel(model, doc) ?? `${model.label} ${String(doc._id)}`;
}

/** The generic list view: draws what the controller holds. */
export function ListView({ list }: { list: ListController }) {
  const { model } = list;
  const { request, dialog } = useDeleteConfirm();
  const extras = useListExtras(model.name);
  useEffect(() => {
    document.title = listTitle(model);
  }, [model]);
  // Once the rows are there: an empty list or a search without matches says `0 entries`.
  const count = list.loading || list.error ? undefined : entryCount(list.total, list.totalEstimated);
  return (
    <>
      <PageHeader
        title={listName(model)}
        subtitle={count}
        actions={
          <>
            <ModelActions model={model} on="list" />
            {list.createLink && (
              <Link to={list.createLink} className={buttonClass('primary')}>
                <Plus aria-hidden className="size-4" />
                Add {model.label}
              </Link>
            )}
          </>
        }
      />
      <div className="pt-3">
        <ListToolbar list={list} />
        <div className="px-4 md:px-6">
          <ListTable
            list={list}
            extraColumns={extras}
            onDelete={(event, doc) =>
              request(
                event,
                docTitle(model, doc),
                () => list.remove(doc),
                list.ownAccount(doc) ? <OwnAccountNote /> : undefined,
              )
            }
          />
          <div className="flex items-center justify-between gap-4 py-3">
            <p className="text-xs text-zinc-500 tabular-nums">
              {list.pageCount > 1 && `Page ${list.state.page + 1} of ${list.pageCount.toLocaleString('de-CH')}`}
            </p>
            <Pagination page={list.state.page} pageCount={list.pageCount} onPage={list.setPage} />
          </div>
        </div>
      </div>
      {dialog}
    </>
  );
}

function ModelList({ model }: { model: ModelInfo }) {
  return <ListView list={useListController(model)} />;
}

/** Route `/_/{plural}`: the list of the model with that plural. */
export default function ListPage() {
  const { plural } = useParams();
  const model = useModelByPlural(plural);
  if (!model) return <NotFound />;
  // The key gives every model a fresh controller (search box, timers).
  return <ModelList key={model.name} model={model} />;
}
