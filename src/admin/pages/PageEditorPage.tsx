import { Copy, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ElementNodeValue, SiteConfig } from '../../shared/generated/types';
import type { ModelInfo } from '../../shared/registry';
import { withDefaults as siteDefaults } from '../../shared/site/config';
import { documentTitle } from '../../shared/admin/titles';
import { useAdmin } from '../core/AdminContext';
import { canAccess } from '../core/access';
import { useFindByIdQuery, useFindQuery, useRemoveMutation, useSaveMutation } from '../core/data/api';
import { useProgress } from '../core/useProgress';
import { Button, buttonClass, IconButton } from '../ui/Button';
import { ProgressButton } from '../ui/ProgressButton';
import { CopyDialog, DeletePageDialog } from './editor/PageDialogs';
import { NotFound } from '../screens/NotFound';
import { EditorShell } from './editor/EditorShell';
import { SettingsForms, PAGE_SECTIONS } from './editor/SettingsForms';
import { usePageEditor } from './editor/usePageEditor';
import { describeConflict } from './model/describe';
import { SERVER_FIELDS, type EditedDoc } from './model/editorState';
import { PagePreview } from './preview/PagePreview';
import type { PositionedElement } from '../../shared/site/compose';

const elementsOf = (doc: EditedDoc) => (Array.isArray(doc.elements) ? (doc.elements as ElementNodeValue[]) : []);
const withElements = (doc: EditedDoc, elements: ElementNodeValue[]) => ({ ...doc, elements });

/** The site configuration the public site uses (its first document), with the spec's defaults. */
export function useSiteConfig(): SiteConfig {
  const answer = useFindQuery({ model: 'siteConfig', params: { limit: 1, sort: { _createdAt: 1 } } });
  const first = answer.data?.results[0] as Partial<SiteConfig> | undefined;
  return useMemo(() => siteDefaults(first), [first]);
}

function PageEditor({ model, id }: { model: ModelInfo; id: string }) {
  const { registry, permissions } = useAdmin();
  const [search] = useSearchParams();
  const parent = search.get('parent');
  const defaults = useMemo<EditedDoc>(
    () => ({
      _read: ['guest'],
      _write: [],
      language: 'de',
      noIndex: false,
      elements: [],
      ...(parent ? { _parent: parent } : {}),
    }),
    [parent],
  );
  const editor = usePageEditor(model, id, defaults);
  const [selected, setSelected] = useState<string | null>(null);
  const config = useSiteConfig();
  const layoutId = typeof editor.doc.layout === 'string' ? editor.doc.layout : undefined;
  const layout = useFindByIdQuery({ model: 'layout', id: layoutId ?? '' }, { skip: !layoutId });
  const layoutElements = (layout.data?.elements as PositionedElement[] | undefined) ?? undefined;
  const name = typeof editor.doc.name === 'string' && editor.doc.name ? editor.doc.name : 'New page';
  const path = typeof editor.doc._path === 'string' ? editor.doc._path : '';
  const readonly = !canAccess(permissions, editor.isNew ? model.permission.create : model.permission.update);

  useEffect(() => {
    document.title = documentTitle(`${name} · Pages`);
  }, [name]);

  const navigate = useNavigate();
  const [saveCall] = useSaveMutation();
  const [removeCall] = useRemoveMutation();
  const [dialog, setDialog] = useState<'copy' | 'delete' | null>(null);
  const save = useProgress(editor.push);
  const live = useFindByIdQuery({ model: 'page', id: editor.id }, { skip: editor.isNew });
  const published = !!live.data;

  const copy = async (fields: EditedDoc) => {
    const body: EditedDoc = { ...editor.doc, ...fields, _id: 'new' };
    for (const key of SERVER_FIELDS) if (key !== '_id') delete body[key];
    const created = await saveCall({ model: model.name, doc: body }).unwrap();
    setDialog(null);
    navigate(`/_/pageDrafts/${created._id}`);
  };
  const remove = async (unpublish: boolean) => {
    await editor.push().catch(() => undefined);
    await removeCall({ model: model.name, id: editor.id }).unwrap();
    if (unpublish && published) await removeCall({ model: 'page', id: editor.id }).unwrap();
    navigate('/_/pageDrafts');
  };
  const actions = (
    <>
      {!editor.isNew && (
        <IconButton label="Copy" onClick={() => setDialog('copy')}>
          <Copy className="size-4" aria-hidden />
        </IconButton>
      )}
      {!editor.isNew && canAccess(permissions, model.permission.create) && (
        <Link to="/_/pageDrafts/new" className={buttonClass('secondary')}>
          <Plus aria-hidden className="size-4" />
          NEW
        </Link>
      )}
      {!editor.isNew && canAccess(permissions, model.permission.delete) && (
        <Button variant="danger" onClick={(event) => (event.shiftKey ? void remove(false) : setDialog('delete'))}>
          <Trash2 aria-hidden className="size-4" />
          DELETE
        </Button>
      )}
      {!readonly && (
        <ProgressButton state={save.state} onClick={() => void save.run()}>
          SAVE
        </ProgressButton>
      )}
    </>
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
  const pagePaths = useMemo<Record<string, string>>(() => ({}), []);
  const elements = elementsOf(editor.doc);
  const getElements = useCallback((doc: EditedDoc) => elementsOf(doc), []);

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
        subtitle={path || 'Not saved yet'}
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
        getElements={getElements}
        setElements={withElements}
        readonly={readonly}
        selected={selected}
        onSelect={setSelected}
        describeConflict={(conflict) => describeConflict(conflict, editor.doc, registry)}
        preview={(width) => (
          <PagePreview
            config={config}
            page={page}
            pagePaths={pagePaths}
            elements={elements}
            layoutElements={layoutElements}
            selected={selected}
            onSelect={setSelected}
            width={width}
          />
        )}
      />
      {dialog === 'copy' && <CopyDialog model={model} doc={editor.doc} onCopy={copy} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeletePageDialog name={name} published={published} onDelete={remove} onClose={() => setDialog(null)} />
      )}
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
  return <PageEditor key={created ? 'new' : id} model={model} id={id} />;
}
