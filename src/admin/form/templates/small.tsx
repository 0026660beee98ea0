import type {
  DescriptionFieldProps,
  ErrorListProps,
  IconButtonProps,
  SubmitButtonProps,
  TitleFieldProps,
} from '@rjsf/utils';
import { Plus, Trash2 } from 'lucide-react';
import { helpClass, iconButtonClass, secondaryButtonClass } from '../ui/classes';

export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <h2 id={id} className="text-sm font-semibold text-gray-800">
      {title}
      {required && <span className="ml-0.5 text-red-600">*</span>}
    </h2>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  return description ? (
    <p id={id} className={helpClass}>
      {description}
    </p>
  ) : null;
}

/** rjsf's own validation list stays off: the server's errors are shown at their fields. */
export function ErrorListTemplate(_props: ErrorListProps) {
  return null;
}

/** The edit page has its own SAVE button. */
export function SubmitButton(_props: SubmitButtonProps) {
  return null;
}

export function AddButton({
  registry: _registry,
  uiSchema: _uiSchema,
  iconType: _iconType,
  icon: _icon,
  ...props
}: IconButtonProps) {
  return (
    <button type="button" className={secondaryButtonClass} {...props}>
      <Plus className="size-4" aria-hidden="true" />
      Add
    </button>
  );
}

export function RemoveButton({
  registry: _registry,
  uiSchema: _uiSchema,
  iconType: _iconType,
  icon: _icon,
  ...props
}: IconButtonProps) {
  return (
    <button type="button" className={iconButtonClass} aria-label="Remove" {...props}>
      <Trash2 className="size-4" aria-hidden="true" />
    </button>
  );
}
