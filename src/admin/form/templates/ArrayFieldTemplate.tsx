import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { CircleAlert, ClipboardPaste, Plus, X } from 'lucide-react';
import { useState } from 'react';
import type { JsonSchema } from '../../../shared/registry';
import { ArrayItemsContext } from '../arrays/ArrayItemsContext';
import { checkPastedItem, readClipboard } from '../arrays/clipboard';
import { helpClass, secondaryButtonClass } from '../ui/classes';
import { formContextOf } from '../widgets/context';
import { dragAnnouncements } from '../../ui/dragAnnouncements';

/**
 * A list (invoice items, links ...): its title, the items as cards that can be dragged into a new
 * order (pointer or keyboard on the handle), an add button, and paste of an item copied before.
 */
export function ArrayFieldTemplate({
  items,
  canAdd,
  onAddClick,
  title,
  schema,
  registry,
  fieldPathId,
  formData,
  disabled,
  readonly,
  required,
}: ArrayFieldTemplateProps) {
  const context = formContextOf(registry);
  const ids = items.map((item) => String(item.key));
  const editable = !disabled && !readonly;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    context.updateAt(fieldPathId.path, (current) => arrayMove(Array.isArray(current) ? current : [], from, to));
  };
  // A screen reader hears 'item 2 was dropped on item 4.' (the items' grips are 'Reorder item N').
  const announcements = dragAnnouncements((id) => `item ${ids.indexOf(String(id)) + 1}`);
  // Why the last paste was refused (not JSON, or not an item of this list), until dismissed or the next paste.
  const [refusal, setRefusal] = useState<string>();
  const paste = async () => {
    const checked = checkPastedItem(await readClipboard(), (schema.items ?? {}) as JsonSchema);
    if (!checked.ok) {
      setRefusal(checked.problem);
      console.warn(`Paste ignored: ${checked.problem}`, ...(checked.detail === undefined ? [] : [checked.detail]));
      return;
    }
    setRefusal(undefined);
    context.updateAt(fieldPathId.path, (current) => [...(Array.isArray(current) ? current : []), checked.value]);
  };
  const description = (schema as JsonSchema).description;
  return (
    <section className="flex min-w-0 flex-col gap-2" aria-labelledby={`${fieldPathId.$id}__title`}>
      <div className="flex items-end justify-between gap-2">
        <div>
          <h2 id={`${fieldPathId.$id}__title`} className="text-sm font-semibold text-gray-800">
            {title}
            {required && <span className="ml-0.5 text-red-600">*</span>}
            <span className="ml-1.5 font-normal text-gray-500 tabular-nums">{items.length}</span>
          </h2>
          {description && <p className={helpClass}>{description}</p>}
        </div>
        {editable && canAdd && (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => void paste()}
            title="Paste a copied item at the end"
          >
            <ClipboardPaste className="size-4" aria-hidden="true" />
            Paste
          </button>
        )}
      </div>
      {refusal !== undefined && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 py-1.5 pr-1 pl-2.5 text-[13px] text-red-700"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1 break-words">Not pasted: {refusal}</p>
          <button
            type="button"
            title="Dismiss"
            aria-label="Dismiss"
            onClick={() => setRefusal(undefined)}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-red-600 hover:bg-red-100 hover:text-red-800"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      )}
      <ArrayItemsContext.Provider
        value={{ formData: Array.isArray(formData) ? formData : [], sortable: editable && items.length > 1 }}
      >
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={{ announcements }}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {items.length > 0 ? (
              <ol className="@container flex flex-col gap-2">{items}</ol>
            ) : (
              <p className="rounded-md border border-dashed border-gray-200 px-3 py-4 text-center text-sm text-gray-500">
                No entries yet
              </p>
            )}
          </SortableContext>
        </DndContext>
      </ArrayItemsContext.Provider>
      {editable && canAdd && (
        <div>
          <button type="button" className={secondaryButtonClass} onClick={onAddClick}>
            <Plus className="size-4" aria-hidden="true" />
            Add{' '}
            {schema.items && typeof schema.items === 'object' && 'title' in schema.items && schema.items.title
              ? String(schema.items.title)
              : 'item'}
          </button>
        </div>
      )}
    </section>
  );
}
