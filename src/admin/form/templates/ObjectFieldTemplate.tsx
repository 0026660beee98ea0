import type { ObjectFieldTemplateProps, UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../../shared/registry';
import { helpClass } from '../ui/classes';
import { GRID, isWide } from './layout';

const META_FIELDS = ['_createdAt', '_updatedAt'];

/**
 * The document itself as a plain two-column grid; a nested object (an address) as a bordered group
 * with its title; an object inside a list (an invoice item) as a compact grid for its card.
 */
export function ObjectFieldTemplate({
  properties,
  schema,
  uiSchema,
  title,
  description,
  fieldPathId,
  required,
}: ObjectFieldTemplateProps) {
  const path = fieldPathId.path;
  const isRoot = path.length === 0;
  const inList = typeof path[path.length - 1] === 'number';
  // Columns follow the width the fields have (a container query), not the window's: in the page editor's
  // sidebar a nested group or a list item stacks its fields, which side by side were cut off.
  const grid = inList ? GRID.item : GRID.object;
  // The document's timestamps sit apart, under a rule, as information rather than input.
  const meta = isRoot ? properties.filter((p) => META_FIELDS.includes(p.name) && !p.hidden) : [];
  const cells = (list: typeof properties) =>
    list.map((property) => {
      if (property.hidden)
        return (
          <div key={property.name} className="hidden">
            {property.content}
          </div>
        );
      const propertyUi = uiSchema?.[property.name] as UiSchema | undefined;
      const wide = isWide((schema.properties?.[property.name] ?? undefined) as JsonSchema | undefined, propertyUi);
      // In a list item's four columns, text gets two so names stay readable.
      const span = wide ? 'col-span-full' : inList && propertyUi?.['ui:widget'] === 'text' ? GRID.itemText : '';
      return (
        <div key={property.name} className={`min-w-0 ${span}`}>
          {property.content}
        </div>
      );
    });
  const fields = (
    <div className="@container">
      <div className={grid}>{cells(properties.filter((p) => !meta.includes(p)))}</div>
    </div>
  );
  if (inList) return fields;
  if (isRoot) {
    return (
      <div className="flex flex-col gap-4">
        {fields}
        {meta.length > 0 && (
          <div className="@container border-t border-gray-100 pt-4">
            <div className={grid}>{cells(meta)}</div>
          </div>
        )}
      </div>
    );
  }
  return (
    <fieldset className="min-w-0 rounded-lg border border-gray-200 px-4 pt-2 pb-4">
      {title && (
        <legend className="px-1 text-sm font-semibold text-gray-800">
          {title}
          {required && <span className="ml-0.5 text-red-600">*</span>}
          {/* Its fields marked * are needed only once the group is filled in (a hero's background image). */}
          {!required && (schema.required?.length ?? 0) > 0 && (
            <span className="font-normal text-gray-500"> (optional)</span>
          )}
        </legend>
      )}
      {description && <p className={`${helpClass} mb-3`}>{description}</p>}
      {fields}
    </fieldset>
  );
}
