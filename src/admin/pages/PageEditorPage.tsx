import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { ElementNodeValue, SiteConfig } from '../../shared/generated/types';
import type { ModelInfo } from '../../shared/registry';
import { withDefaults as siteDefaults } from '../../shared/site/config';
import { documentTitle } from '../../shared/admin/titles';
import { useAdmin } from '../core/AdminContext';
import { canAccess } from '../core/access';
import { useFindByIdQuery, useFindQuery } from '../core/data/api';
import { NotFound } from '../screens/NotFound';
import { EditorShell } from './editor/EditorShell';
import { SettingsForms, PAGE_SECTIONS } from './editor/SettingsForms';
import { usePageEditor } from './editor/usePageEditor';
import { describeConflict } from './model/describe';
import type { EditedDoc } from './model/editorState';
import { PagePreview } from './preview/PagePreview';
import type { PositionedElement } from '../../shared/site/compose';
import { useEffect } from 'react';

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
    <EditorShell
      editor={editor}
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
