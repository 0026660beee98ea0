import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { Copy, GripVertical, Trash2 } from 'lucide-react';
import { useArrayItems } from '../arrays/ArrayItemsContext';
import { copyItem } from '../arrays/clipboard';
import { iconButtonClass } from '../ui/classes';

/**
 * One item of a list as a card: drag handle, the item's fields, copy and remove. In a narrow list (the page
 * editor's sidebar, nested lists) the handle and buttons go in a row above the fields, which get the card's width.
 */
export function ArrayFieldItemTemplate({
  children,
  itemKey,
  index,
  buttonsProps,
  disabled,
  readonly,
}: ArrayFieldItemTemplateProps) {
  const { formData, sortable } = useArrayItems();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: itemKey,
    disabled: !sortable,
  });
  const editable = !disabled && !readonly;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-x-1.5 gap-y-1 rounded-lg border bg-white p-2 ${isDragging ? 'relative z-10 border-blue-300 shadow-lg' : 'border-gray-200'}`}
    >
      {sortable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={`${iconButtonClass} col-start-1 row-start-1 mt-0.5 cursor-grab touch-none active:cursor-grabbing`}
          aria-label={`Reorder item ${index + 1}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
      )}
      <div className="col-span-3 row-start-2 min-w-0 p-1 @sm:col-span-1 @sm:col-start-2 @sm:row-start-1">
        {children}
      </div>
      <div className="col-start-3 row-start-1 flex shrink-0 gap-0.5 @sm:flex-col">
        <button
          type="button"
          className={iconButtonClass}
          title="Copy item"
          aria-label={`Copy item ${index + 1}`}
          onClick={() => void copyItem(formData[index])}
        >
          <Copy className="size-4" aria-hidden="true" />
        </button>
        {editable && buttonsProps.hasRemove && (
          <button
            type="button"
            className={`${iconButtonClass} hover:bg-red-50 hover:text-red-600`}
            title="Remove item"
            aria-label={`Remove item ${index + 1}`}
            onClick={buttonsProps.onRemoveItem}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </li>
  );
}
