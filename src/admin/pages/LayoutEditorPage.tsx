import { Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { documentTitle } from '../../shared/admin/titles';
import type { ElementNodeValue } from '../../shared/generated/types';
import type { ModelInfo } from '../../shared/registry';
import type { PositionedElement } from '../../shared/site/compose';
import { useAdmin } from '../core/AdminContext';
import { canAccess } from '../core/access';
import { useRemoveMutation } from '../core/data/api';
import { NotFound } from '../screens/NotFound';
import { Button, buttonClass } from '../ui/Button';
import { useDeleteConfirm } from '../ui/DeleteDialog';
import { LeaveDialog } from '../ui/LeaveDialog';
import { ProgressButton } from '../ui/ProgressButton';
import { useProgress } from '../core/useProgress';
import { EditorShell } from './editor/EditorShell';
import type { EditableNode } from './editor/ElementsEditor';
import { LAYOUT_SECTIONS, SettingsForms } from './editor/SettingsForms';
import { usePageEditor } from './editor/usePageEditor';
import { useSiteConfig } from './PageEditorPage';
import { describeConflict } from './model/describe';
import type { EditedDoc } from './model/editorState';
import { PagePreview } from './preview/PagePreview';
import { useGoneFiles } from './preview/useGoneFiles';

/** A layout's elements as the editor's list: each node carries its position. */
export function layoutNodes(doc: EditedDoc): EditableNode[] {
  const items = Array.isArray(doc.elements) ? (doc.elements as PositionedElement[]) : [];
  return items.map((item) => ({ ...item.element, position: item.position }));
}

export function withLayoutNodes(doc: EditedDoc, nodes: EditableNode[]): EditedDoc {
  return {
    ...doc,
    elements: nodes.map(({ position, ...element }) => ({ position: position ?? 0, element })),
  };
}

/** Sample page content between the layout's elements, so the preview shows where pages go. */
const SAMPLE: ElementNodeValue[] = [
  {
    tag: 'section',
    props: {
      variation: 'starting',
      children: [
        { tag: 'header', props: { text: 'Page content', level: 1 } },
        { tag: 'paragraph', props: { text: 'The elements of each page that uses this layout appear here.' } },
      ],
    },
  },
];

function LayoutEditor({ model, id }: { model: ModelInfo; id: string }) {
  const { registry, permissions } = useAdmin();
  const navigate = useNavigate();
  const defaults = useMemo<EditedDoc>(() => ({ elements: [] }), []);
  const editor = usePageEditor(model, id, defaults);
  const [selected, setSelected] = useState<string | null>(null);
  const config = useSiteConfig();
  const [removeCall] = useRemoveMutation();
  const { request, dialog } = useDeleteConfirm();
  const name = typeof editor.doc.name === 'string' && editor.doc.name ? editor.doc.name : 'New layout';
  const readonly = !canAccess(permissions, editor.isNew ? model.permission.create : model.permission.update);
  const save = useProgress(editor.push);

  useEffect(() => {
    document.title = documentTitle(`${name} · Layouts`);
  }, [name]);

  const nodes = useMemo(() => layoutNodes(editor.doc), [editor.doc]);
  const goneFiles = useGoneFiles(nodes);
  const page = useMemo(() => ({ _id: editor.id, path: '/', title: name }), [editor.id, name]);
  const noPaths = useMemo(() => ({}), []);
  const getElements = useCallback((doc: EditedDoc) => layoutNodes(doc), []);

  return (
    <>
      <EditorShell
        editor={editor}
        title={
          <>
            <Link to="/_/layouts" className="font-normal text-zinc-500 hover:text-zinc-900">
              Layouts
            </Link>
            <span className="mx-1.5 font-normal text-zinc-300">/</span>
            {name}
          </>
        }
        subtitle="Elements at position 0 or less come before the page content, at 1000 after it, in between after that many page elements."
        actions={
          <>
            {!editor.isNew && canAccess(permissions, model.permission.create) && (
              <Link to="/_/layouts/new" className={buttonClass('secondary')}>
                <Plus aria-hidden className="size-4" />
                NEW
              </Link>
            )}
            {!editor.isNew && canAccess(permissions, model.permission.delete) && (
              <Button
                variant="danger"
                onClick={(event) =>
                  request(event, name, () =>
                    removeCall({ model: model.name, id: editor.id })
                      .unwrap()
                      .then(() => {
                        editor.leaveGuard.release();
                        navigate('/_/layouts');
                      }),
                  )
                }
              >
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
        }
        settingsLabel="Layout"
        settings={
          <SettingsForms
            model={model}
            sections={LAYOUT_SECTIONS}
            doc={editor.doc}
            onChange={(doc) => editor.change(doc)}
            disabled={readonly}
          />
        }
        getElements={getElements}
        setElements={withLayoutNodes}
        positioned
        // A layout has no draft: what is saved is live, so it is checked as a published page.
        completeness="complete"
        readonly={readonly}
        selected={selected}
        onSelect={setSelected}
        describeConflict={(conflict) => describeConflict(conflict, editor.doc, registry)}
        preview={(width, onImage) => (
          <PagePreview
            config={config}
            page={page}
            pagePaths={noPaths}
            elements={nodes}
            sample={SAMPLE}
            selected={selected}
            onSelect={setSelected}
            onImage={onImage}
            live={editor.live}
            goneFiles={goneFiles}
            width={width}
          />
        )}
      />
      {dialog}
      <LeaveDialog guard={editor.leaveGuard} title={name} />
    </>
  );
}

/** Route `/_/layouts/{id}` (`new` creates): the layout's elements in the page editor's pieces. */
export default function LayoutEditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const { registry } = useAdmin();
  const model = registry.model('layout');
  if (!model || !id) return <NotFound />;
  const created = (location.state as { created?: boolean } | null)?.created;
  return <LayoutEditor key={created ? 'new' : id} model={model} id={id} />;
}
