import { descriptionId, errorId, type FieldTemplateProps } from '@rjsf/utils';
import { errorClass, helpClass, labelClass } from '../ui/classes';

/** Label above the field with the required mark, the schema's description in small grey text, errors in red below. */
export function FieldTemplate({
  id,
  fieldPathId,
  label,
  children,
  rawErrors = [],
  rawDescription,
  hidden,
  required,
  displayLabel,
  uiSchema,
  hideError,
  schema,
}: FieldTemplateProps) {
  if (hidden) return <div className="hidden">{children}</div>;
  // Object-valued widgets (JSON, CSS size, link) are fields to rjsf, which then hides their label.
  // A plain value inside a list (a role name) is labelled by its list, not by "Roles-1".
  const inList = typeof fieldPathId.path[fieldPathId.path.length - 1] === 'number';
  const showLabel = !inList && (displayLabel || uiSchema?.['ui:field'] === 'widget');
  const errors = hideError ? [] : rawErrors;
  const composite = schema.type === 'object' || schema.type === 'array';
  const unless = (uiSchema?.['ui:options'] as { requiredUnless?: string[] } | undefined)?.requiredUnless;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {showLabel && label && (
        <label htmlFor={id} className={labelClass}>
          {label}
          {required && (
            <span className="ml-0.5 text-red-600" title="required">
              *
            </span>
          )}
          {required && unless && (
            // Required only while these are empty (uiSchemaFor: `requiredUnless`): the mark says so.
            <span className="ml-1.5 text-xs font-normal text-zinc-500">or {unless.join(' or ')}</span>
          )}
        </label>
      )}
      {inList && label && !composite && (
        // Shown by its list's title; a screen reader names the item by it and its number ("Roles 2").
        <label htmlFor={id} className="sr-only">
          {label.replace(/-(\d+)$/, ' $1')}
        </label>
      )}
      {children}
      {showLabel && rawDescription && (
        <p id={descriptionId(id)} className={helpClass}>
          {rawDescription}
        </p>
      )}
      {errors.length > 0 && (
        <ul id={errorId(id)} className={errorClass} role="alert">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
