import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ElementNodeValue } from '../../../shared/generated/types';
import type { ElementInfo, JsonSchema } from '../../../shared/registry';
import type { ElementChecker } from '../../../shared/validation/elementProblems';
import { useAdmin } from '../../core/AdminContext';
import { useFormDataSource } from '../../core/edit/useFormDataSource';
import { prepareSchema, SchemaForm, uiSchemaFor } from '../../form';
import { emptiedProps, shownProps, storedProps } from '../model/elementDefaults';
import { elementFormErrors } from '../model/elementFormErrors';
import { IconButton } from '../../ui/Button';

/** The element's schema without its slots: nested elements are edited in the outline, not as JSON. */
export function formSchemaOf(info: ElementInfo, position: boolean): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(info.schema.properties ?? {}).filter(([name]) => !info.slots.includes(name)),
  );
  if (position)
    return {
      ...info.schema,
      properties: {
        position: {
          type: 'number',
          title: 'Position',
          description:
            'Where the element goes: 0 or less before the page content, 1000 after it, a number in between after that many page elements (2: after the second).',
          default: 0,
        },
        ...properties,
      },
    };
  return { ...info.schema, properties };
}

const NO_ERRORS: Record<string, string> = {};

/** The selected element's properties, as a form generated from its schema (shown under its row in the outline). */
export function ElementForm({
  node,
  info,
  checker,
  onChange,
  onTyping,
  onClose,
  disabled,
  positioned = false,
}: {
  node: ElementNodeValue & { position?: number };
  info: ElementInfo;
  /** Checks the props as the server checks the document's elements: what it refuses shows at the field. */
  checker: ElementChecker;
  onChange(node: ElementNodeValue): void;
  /** A key typed into one of its rich text fields (`prop` inside the props), before `onChange`. */
  onTyping?(prop: (string | number)[], value: unknown): void;
  onClose(): void;
  disabled?: boolean;
  /** A layout's top-level element: its position relative to the page content is edited too. */
  positioned?: boolean;
}) {
  const { registry } = useAdmin();
  const dataSource = useFormDataSource();
  const schema = useMemo(() => formSchemaOf(info, positioned), [info, positioned]);
  const props = node.props as Record<string, unknown> | undefined;
  const ui = useMemo(
    () => uiSchemaFor(prepareSchema(schema, registry.schemas), { rootSchemas: registry.schemas }),
    [schema, registry],
  );
  // A value the draft would be refused for (a form's fields that are no field list) is said at its field at once.
  // Errors come as a new object with each change (SchemaForm shows errors for the data they came with);
  // none keep one object, so typing in a sound form hands rjsf nothing new.
  const errors = useMemo(() => {
    const found = elementFormErrors(info, props ?? {}, checker, ui);
    return Object.keys(found).length ? found : NO_ERRORS;
  }, [info, props, checker, ui]);
  // Defaults of its own props (slots are edited in the outline), shown as the public site renders them.
  const defaults = useMemo(
    () => Object.fromEntries(Object.entries(info.defaults).filter(([name]) => !info.slots.includes(name))),
    [info],
  );
  const [emptied, setEmptied] = useState<ReadonlySet<string>>(() => new Set());
  const formData = useMemo(() => {
    const shown = shownProps(defaults, props, emptied);
    return positioned ? { position: node.position ?? 0, ...shown } : shown;
  }, [positioned, node.position, props, defaults, emptied]);
  return (
    <section
      aria-label={`${info.label} properties`}
      className="rounded-md border border-zinc-200 bg-white shadow-xs ring-1 ring-accent-600/10"
    >
      <header className="flex items-start gap-2 border-b border-zinc-100 px-3 pt-2.5 pb-2">
        <div className="min-w-0 flex-1">
          <h2 className="text-[13px] font-semibold text-zinc-900">{info.label}</h2>
          {info.description && <p className="mt-0.5 line-clamp-2 text-xs text-zinc-500">{info.description}</p>}
        </div>
        <IconButton label="Close element" onClick={onClose}>
          <X className="size-4" aria-hidden />
        </IconButton>
      </header>
      <div className="px-3 pt-3 pb-4">
        <SchemaForm
          key={info.tag}
          idPrefix="element"
          fillDefaults="required"
          assistSingleLine
          schema={schema}
          rootSchemas={registry.schemas}
          formData={formData}
          errors={errors}
          disabled={disabled}
          dataSource={dataSource}
          // The form's data is the props (a layout's element: its position too, not a prop).
          onTyping={
            onTyping &&
            ((path, value) => {
              if (path[0] !== 'position') onTyping(path, value);
            })
          }
          onChange={(data) => {
            const { position, ...rest } = data;
            setEmptied((current) => emptiedProps(current, rest, defaults));
            const slots = Object.fromEntries(info.slots.map((slot) => [slot, props?.[slot]]).filter(([, v]) => v));
            const next: ElementNodeValue & { position?: number } = {
              ...node,
              props: { ...storedProps(rest, props, defaults), ...slots },
            };
            if (positioned) next.position = typeof position === 'number' ? position : 0;
            onChange(next);
          }}
        />
      </div>
    </section>
  );
}
