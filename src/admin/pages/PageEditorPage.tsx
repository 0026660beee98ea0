import { Copy, ExternalLink, History, Plus, SpellCheck, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { documentTitle } from '../../shared/admin/titles';
import type { PageTreeNode, SpellFinding } from '../../shared/api/pages';
import type { ElementNodeValue, SiteConfig } from '../../shared/generated/types';
import type { ModelInfo } from '../../shared/registry';
import type { PositionedElement } from '../../shared/site/compose';
import { withDefaults as siteDefaults } from '../../shared/site/config';
import { canAccess } from '../core/access';
import { useAdmin } from '../core/AdminContext';
import { useFindByIdQuery, useFindQuery, useSaveMutation } from '../core/data/api';
import {
  useCheckPageDraftMutation,
  useDeleteDraftMutation,
  usePageTreeQuery,
  usePublishPageMutation,
  useResetDraftMutation,
  useRestoreVersionMutation,
} from '../core/data/pages';
import { useProgress, type ProgressState } from '../core/useProgress';
import { LeaveDialog } from '../ui/LeaveDialog';
import { NotFound } from '../screens/NotFound';
import { Spinner } from '../ui/Spinner';
import { buttonClass, IconButton } from '../ui/Button';
import { ProgressButton } from '../ui/ProgressButton';
import { Button } from '../ui/Button';
import type { ApiFailure } from '../core/data/types';
import { EditorShell } from './editor/EditorShell';
import { CopyDialog, DeletePageDialog } from './editor/PageDialogs';
import { PAGE_SECTIONS, SettingsForms } from './editor/SettingsForms';
import { SpellPanel } from './editor/SpellPanel';
import { usePageEditor } from './editor/usePageEditor';
import { VersionsDialog } from './editor/VersionsDialog';
import { describeConflict, describePath } from './model/describe';
import { SERVER_FIELDS, type EditedDoc } from './model/editorState';
import { applySuggestion, elementKeyOf, findingsByElement, findingSteps } from './model/findings';
import { defaultLayout } from '../../shared/site/defaultLayout';
import { standingRefusal, type Refusal } from './model/refusal';
import { useMovePage } from './PageDraftsPage';
import { PagePreview } from './preview/PagePreview';
import { useGoneFiles } from './preview/useGoneFiles';
import { findNode, PageTree } from './tree/PageTree';

const elementsOf = (doc: EditedDoc) => (Array.isArray(doc.elements) ? (doc.elements as ElementNodeValue[]) : []);
const withElements = (doc: EditedDoc, elements: ElementNodeValue[]) => ({ ...doc, elements });

/** The site configuration the public site uses (its first document), with the spec's defaults. */
export function useSiteConfig(): SiteConfig {
  const answer = useFindQuery({ model: 'siteConfig', params: { limit: 1, sort: { _createdAt: 1 } } });
  const first = answer.data?.results[0] as Partial<SiteConfig> | undefined;
  return useMemo(() => siteDefaults(first), [first]);
}

function pathsOf(nodes: PageTreeNode[] | undefined, out: Record<string, string> = {}) {
  for (const node of nodes ?? []) {
    out[node._id] = node._path;
    pathsOf(node.children, out);
  }
  return out;
}

type DialogName = 'copy' | 'delete' | 'versions' | null;

const IDLE: ProgressState = { phase: 'idle' };

/**
 * The layout a new page starts with (shared/site/defaultLayout.ts, the server's rule too): looked up before its
 * editor starts, so the page is new with it rather than changed to it. `ready` at once for an existing page.
 */
function useNewPageLayout(isNew: boolean, parent: string | null): { ready: boolean; layout?: string } {
  const layouts = useFindQuery(
    { model: 'layout', params: { limit: 100, sort: { name: 1 }, fields: ['name'] } },
    { skip: !isNew, refetchOnMountOrArgChange: true },
  );
  const parentPage = useFindByIdQuery({ model: 'pageDraft', id: parent ?? '' }, { skip: !isNew || !parent });
  const home = useFindQuery(
    { model: 'pageDraft', params: { query: { _path: '/' }, limit: 1, fields: ['layout'] } },
    { skip: !isNew, refetchOnMountOrArgChange: true },
  );
  // Decided once: a later refetch (another tab saving a layout) must not take the editor away.
  const decided = useRef<{ layout?: string } | null>(null);
  if (!isNew) return { ready: true };
  if (decided.current) return { ready: true, ...decided.current };
  // A lookup that failed leaves the page without a layout, as before, rather than without an editor.
  const pending = [layouts, parentPage, home].some((answer) => answer.isLoading || answer.isFetching);
  if (pending) return { ready: false };
  const ids = (layouts.data?.results ?? []).map((layout) => String(layout._id));
  decided.current = {
    layout: defaultLayout(ids, { parent: parentPage.data?.layout, home: home.data?.results[0]?.layout }),
  };
  return { ready: true, ...decided.current };
}

function NewPageGate({ model, id }: { model: ModelInfo; id: string }) {
  const [search] = useSearchParams();
  const parent = search.get('parent');
  const start = useNewPageLayout(id === 'new', parent);
  if (!start.ready)
    return (
      <div className="flex h-64 items-center justify-center p-6">
        <Spinner className="size-6" />
      </div>
    );
  return <PageEditor model={model} id={id} parent={parent} layout={start.layout} />;
}

function PageEditor({
  model,
  id,
  parent,
  layout: startLayout,
}: {
  model: ModelInfo;
  id: string;
  parent: string | null;
  layout?: string;
}) {
  const { registry, permissions } = useAdmin();
  const navigate = useNavigate();
  const defaults = useMemo<EditedDoc>(
    () => ({
      _read: ['guest'],
      _write: [],
      language: 'de',
      noIndex: false,
      elements: [],
      ...(parent ? { _parent: parent } : {}),
      ...(startLayout ? { layout: startLayout } : {}),
    }),
    [parent, startLayout],
  );
  const editor = usePageEditor(model, id, defaults);
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [findings, setFindings] = useState<SpellFinding[] | null>(null);
  const config = useSiteConfig();
  const tree = usePageTreeQuery();
  const { move, error: moveError } = useMovePage();
  const layoutId = typeof editor.doc.layout === 'string' ? editor.doc.layout : undefined;
  const layout = useFindByIdQuery({ model: 'layout', id: layoutId ?? '' }, { skip: !layoutId });
  const [saveCall] = useSaveMutation();
  const [deleteDraft] = useDeleteDraftMutation();
  const [publishCall] = usePublishPageMutation();
  const [resetCall] = useResetDraftMutation();
  const [checkCall] = useCheckPageDraftMutation();
  const [restoreCall] = useRestoreVersionMutation();

  // An existing page whose name is being retyped (empty for a moment) is no new page.
  const name =
    typeof editor.doc.name === 'string' && editor.doc.name
      ? editor.doc.name
      : editor.isNew
        ? 'New page'
        : 'Unnamed page';
  const path = typeof editor.doc._path === 'string' ? editor.doc._path : '';
  const readonly = !canAccess(permissions, editor.isNew ? model.permission.create : model.permission.update);
  const node = editor.isNew ? undefined : findNode(tree.data ?? [], editor.id);
  const published = !!node?.published;
  // Spec: publish and reset are primary while the draft differs from the live page.
  const changed = node ? node.changed : true;
  const slotsOf = useCallback((tag: string) => registry.element(tag)?.slots ?? [], [registry]);

  useEffect(() => {
    document.title = documentTitle(`${name} · Pages`);
  }, [name]);

  // A refused publish is said under the header, with the element at fault, until the user changes what it
  // names (each problem goes as its field is edited or its element removed) or publishes again.
  const [publishRefusal, setPublishRefusal] = useState<Refusal | null>(null);
  const refusal = useMemo(() => standingRefusal(publishRefusal, editor.doc), [publishRefusal, editor.doc]);
  // Publish, reset and spell check work on the stored draft: push what is typed first.
  const publish = useProgress(async () => {
    setPublishRefusal(null);
    await editor.push();
    try {
      await publishCall(editor.id).unwrap();
    } catch (error) {
      const failure = error as ApiFailure;
      // The draft just pushed is what the server checked.
      const refused = editor.doc;
      setPublishRefusal({ label: 'Not published', message: failure.message, fields: failure.fields, refused });
      throw error;
    }
    await Promise.all([editor.refetch(), tree.refetch()]);
  });
  // Once every problem of the refusal is answered, Publish looks as before it (red without a reason says nothing).
  const publishState = publishRefusal && !refusal ? IDLE : publish.state;
  const reset = useProgress(async () => {
    await editor.push();
    editor.reload(await resetCall(editor.id).unwrap());
    setFindings(null);
    await tree.refetch();
  });
  const spell = useProgress(async () => {
    await editor.push();
    const answer = await checkCall(editor.id).unwrap();
    setFindings(answer.findings);
  });
  const save = useProgress(editor.push);

  const copy = async (fields: EditedDoc) => {
    const body: EditedDoc = { ...editor.doc, ...fields, _id: 'new' };
    for (const key of SERVER_FIELDS) if (key !== '_id') delete body[key];
    const created = await saveCall({ model: model.name, doc: body }).unwrap();
    setDialog(null);
    editor.leaveGuard.release();
    navigate(`/_/pageDrafts/${created._id}`);
  };
  const remove = async (unpublish: boolean) => {
    await deleteDraft({ id: editor.id, unpublish }).unwrap();
    editor.leaveGuard.release();
    navigate('/_/pageDrafts');
  };
  const restore = async (versionId: string) => {
    await editor.push();
    editor.reload(await restoreCall({ versionId, pageId: editor.id }).unwrap());
    setDialog(null);
  };

  const describe = useCallback(
    (steps: (string | number)[]) => describePath(steps, editor.doc, registry),
    [editor.doc, registry],
  );
  const findingCounts = useMemo(
    () => (findings ? findingsByElement(findings, editor.doc, slotsOf) : {}),
    [findings, editor.doc, slotsOf],
  );

  const page = useMemo(
    () => ({
      _id: editor.id,
      path: path || '/',
      title: typeof editor.doc.title === 'string' ? editor.doc.title : undefined,
      language: typeof editor.doc.language === 'string' ? editor.doc.language : undefined,
    }),
    [editor.id, path, editor.doc.title, editor.doc.language],
  );
  const pagePaths = useMemo(() => pathsOf(tree.data), [tree.data]);
  const elements = elementsOf(editor.doc);
  const getElements = useCallback((doc: EditedDoc) => elementsOf(doc), []);
  const layoutElements = layout.data?.elements as PositionedElement[] | undefined;
  const goneFiles = useGoneFiles(elements, layoutElements);

  const actions = editor.isNew ? (
    !readonly && (
      <ProgressButton state={save.state} onClick={() => void save.run()}>
        SAVE
      </ProgressButton>
    )
  ) : (
    <>
      <span className="flex items-center">
        <IconButton label="Spell check" onClick={() => void spell.run()} disabled={spell.state.phase === 'loading'}>
          <SpellCheck className={`size-4 ${spell.state.phase === 'loading' ? 'animate-pulse' : ''}`} aria-hidden />
        </IconButton>
        <IconButton label="Versions" onClick={() => setDialog('versions')}>
          <History className="size-4" aria-hidden />
        </IconButton>
        <IconButton label="Copy" onClick={() => setDialog('copy')}>
          <Copy className="size-4" aria-hidden />
        </IconButton>
        {published && !changed && path && (
          <a
            href={path}
            target="_blank"
            rel="noreferrer"
            aria-label="View page"
            title="View page"
            className="inline-flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
          >
            <ExternalLink className="size-4" aria-hidden />
          </a>
        )}
      </span>
      {canAccess(permissions, model.permission.create) && (
        <Link to="/_/pageDrafts/new" className={buttonClass('secondary')}>
          <Plus aria-hidden className="size-4" />
          NEW
        </Link>
      )}
      {canAccess(permissions, model.permission.delete) && (
        <Button variant="danger" onClick={(event) => (event.shiftKey ? void remove(false) : setDialog('delete'))}>
          <Trash2 aria-hidden className="size-4" />
          DELETE
        </Button>
      )}
      {!readonly && (
        <>
          <ProgressButton
            state={reset.state}
            variant={changed && published ? 'primary' : 'secondary'}
            onClick={() => void reset.run()}
            disabled={!published}
          >
            Reset draft
          </ProgressButton>
          <ProgressButton
            state={publishState}
            variant={changed ? 'primary' : 'secondary'}
            onClick={() => void publish.run()}
            errorShownElsewhere={publishRefusal !== null}
          >
            Publish
          </ProgressButton>
          <ProgressButton state={save.state} variant="secondary" onClick={() => void save.run()}>
            SAVE
          </ProgressButton>
        </>
      )}
    </>
  );

  return (
    <>
      <EditorShell
        editor={editor}
        actions={actions}
        title={
          <>
            <Link to="/_/pageDrafts" className="font-normal text-zinc-500 hover:text-zinc-900">
              Pages
            </Link>
            <span className="mx-1.5 font-normal text-zinc-300">/</span>
            {name}
          </>
        }
        subtitle={
          editor.isNew
            ? 'Not saved yet: give the page a name'
            : `${path || '—'} · ${!published ? 'not published' : changed ? 'published, draft changed' : 'published'}`
        }
        left={
          <div className="p-2">
            {moveError && (
              <p
                role="alert"
                className="mb-2 rounded-md border border-red-200 bg-red-50 px-2.5 py-2 text-xs break-words text-red-700"
              >
                {moveError}
              </p>
            )}
            <PageTree nodes={tree.data ?? []} current={editor.isNew ? undefined : editor.id} onMove={move} />
          </div>
        }
        settingsLabel="Page"
        settings={
          <SettingsForms
            model={model}
            sections={PAGE_SECTIONS}
            doc={editor.doc}
            onChange={(doc) => editor.change(doc)}
            disabled={readonly}
          />
        }
        elementsTop={
          findings && (
            <SpellPanel
              findings={findings}
              describe={(finding) => describe(findingSteps(finding.path))}
              onClose={() => setFindings(null)}
              onShow={(finding) => setSelected(elementKeyOf(finding.path, editor.doc, slotsOf))}
              onApply={(finding, suggestion) => {
                editor.update((doc) => applySuggestion(doc, finding, suggestion));
                setFindings((all) => all?.filter((item) => item !== finding) ?? null);
              }}
            />
          )
        }
        findings={findingCounts}
        getElements={getElements}
        setElements={withElements}
        readonly={readonly}
        selected={selected}
        onSelect={setSelected}
        describeConflict={(conflict) => describeConflict(conflict, editor.doc, registry)}
        refusal={refusal}
        preview={(width, onImage) => (
          <PagePreview
            config={config}
            page={page}
            pagePaths={pagePaths}
            elements={elements}
            layoutElements={layoutElements}
            selected={selected}
            onSelect={setSelected}
            onImage={onImage}
            live={editor.live}
            goneFiles={goneFiles}
            width={width}
          />
        )}
      />
      {dialog === 'copy' && <CopyDialog model={model} doc={editor.doc} onCopy={copy} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeletePageDialog name={name} published={published} onDelete={remove} onClose={() => setDialog(null)} />
      )}
      {dialog === 'versions' && (
        <VersionsDialog
          pageId={editor.id}
          draft={editor.doc}
          describe={describe}
          onRestore={restore}
          onClose={() => setDialog(null)}
        />
      )}
      <LeaveDialog guard={editor.leaveGuard} title={name} />
    </>
  );
}

/** Route `/_/pageDrafts/{id}` (`new` creates). */
export default function PageEditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const { registry } = useAdmin();
  const model = registry.model('pageDraft');
  if (!model || !id) return <NotFound />;
  // A new page keeps its editor when its first save gives it an id.
  const created = (location.state as { created?: boolean } | null)?.created;
  return <NewPageGate key={created ? 'new' : id} model={model} id={id} />;
}
