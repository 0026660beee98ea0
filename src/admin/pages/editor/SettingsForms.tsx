import { useMemo } from 'react';
import type { JsonSchema, ModelInfo } from '../../../shared/registry';
import { useAdmin } from '../../core/AdminContext';
import { useFormDataSource } from '../../core/edit/useFormDataSource';
import { SchemaForm } from '../../form';
import type { EditedDoc } from '../model/editorState';

export interface SettingsSection {
  /** Heading, also the form's id prefix in lower case. */
  title: string;
  fields: string[];
}

/** Spec section 2: the page editor's sidebar sections. */
export const PAGE_SECTIONS: SettingsSection[] = [
  { title: 'Page', fields: ['name', 'title', 'description', 'language', 'layout', '_parent'] },
  { title: 'Advanced', fields: ['_read', '_write', 'noIndex', '_path'] },
];
export const LAYOUT_SECTIONS: SettingsSection[] = [{ title: 'Layout', fields: ['name'] }];

/** The model schema narrowed to some fields, in their order (`$id` kept so references resolve). */
export function pickSchema(schema: JsonSchema, fields: string[]): JsonSchema {
  const properties = schema.properties ?? {};
  return {
    ...schema,
    properties: Object.fromEntries(fields.filter((name) => properties[name]).map((name) => [name, properties[name]])),
    required: (schema.required ?? []).filter((name) => fields.includes(name)),
  };
}

function Section({
  model,
  section,
  doc,
  onChange,
  errors,
  disabled,
}: {
  model: ModelInfo;
  section: SettingsSection;
  doc: EditedDoc;
  onChange(doc: EditedDoc): void;
  errors?: Record<string, string>;
  disabled?: boolean;
}) {
  const { registry } = useAdmin();
  const dataSource = useFormDataSource();
  const schema = useMemo(() => pickSchema(model.schema, section.fields), [model, section]);
  const formData = useMemo(
    () => Object.fromEntries(section.fields.filter((f) => doc[f] !== undefined).map((f) => [f, doc[f]])),
    [doc, section],
  );
  return (
    <section aria-labelledby={`section-${section.title}`} className="border-b border-zinc-200 px-4 py-4">
      <h2 id={`section-${section.title}`} className="mb-3 text-[13px] font-semibold text-zinc-900">
        {section.title}
      </h2>
      <SchemaForm
        idPrefix={section.title.toLowerCase()}
        assistSingleLine
        schema={schema}
        rootSchemas={registry.schemas}
        formData={{ ...formData, ...(typeof doc._id === 'string' ? { _id: doc._id } : {}) }}
        errors={errors}
        disabled={disabled}
        dataSource={dataSource}
        onChange={(data) => {
          const next = { ...doc };
          for (const field of section.fields) {
            if (data[field] === undefined) delete next[field];
            else next[field] = data[field];
          }
          onChange(next);
        }}
      />
    </section>
  );
}

/** The document's own fields (not its elements), in the sidebar sections. */
export function SettingsForms(props: {
  model: ModelInfo;
  sections: SettingsSection[];
  doc: EditedDoc;
  onChange(doc: EditedDoc): void;
  errors?: Record<string, string>;
  disabled?: boolean;
}) {
  return (
    <>
      {props.sections.map((section) => (
        <Section key={section.title} section={section} {...props} />
      ))}
    </>
  );
}
