import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { CircleAlert } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SECRETS_SET, type SecretsSet } from '../../shared/api/documents';
import type { JsonSchema, SchemaSet } from '../../shared/registry';
import { getIn, pathOfFieldId, setIn } from './arrays/paths';
import { themeFields } from './fields/WidgetField';
import { createOptionCache } from './optionCache';
import { currentSecretErrors, standingErrors, toErrorSchema, unplacedErrors } from './schema/errorSchema';
import { prepareSchema } from './schema/prepareSchema';
import { storedSecretsOptional } from './schema/storedSecrets';
import { uiSchemaFor } from './schema/uiSchemaFor';
import { dateEntryErrors } from './values/dateInput';
import { unlistedValues, withUnlisted, type UnlistedValues } from './schema/unlistedValues';
import { themeTemplates } from './templates';
import type { DocumentRef, FieldLimits, FormContext, FormDataSource } from './types';
import { formValidator } from './validator';
import { themeWidgets } from './widgets/registry';

export type FormData = Record<string, unknown>;

export interface SchemaFormProps {
  /** A model schema with its system fields, as in `registry.models[name].schema`. */
  schema: JsonSchema;
  /** Every schema, to resolve the model's `$ref`s. */
  rootSchemas: SchemaSet;
  formData: FormData | undefined;
  onChange(data: FormData): void;
  /** The server's field errors by dotted path (`items.0.price`; `''` for the document). */
  errors?: Record<string, string>;
  disabled?: boolean;
  dataSource: FormDataSource;
  /** Prefix of the field ids (default `root`): two forms on one screen need different ones. */
  idPrefix?: string;
  /**
   * Which nested defaults the form fills in: `required` only those of required fields (element
   * props, where an optional size left out differs from a filled-in 0 rem). Default: all non-empty.
   */
  fillDefaults?: 'nonEmpty' | 'required';
  /** Single-line text fields offer the AI assistant as well as multi-line ones (the page editor's forms). */
  assistSingleLine?: boolean;
  /** The document is the signed-in user's own: a password change asks for the current password. */
  ownDocument?: boolean;
  /** The signed-in user edits it as its owner, not as admin or superuser: fields kept from owners are read-only. */
  asOwner?: boolean;
  /** What the caller may not change beyond the schema: locked fields, and which values a field offers. */
  limits?: FieldLimits;
  /** The stored document the form edits: labels of related documents the user may not read come through it. */
  source?: DocumentRef;
  /** Secret fields (the password) the last save changed: their widget says so until the next save. */
  secretsChanged?: readonly string[];
  /**
   * A key typed into a rich text field, by the field's data path, ahead of `onChange` (which then
   * follows a frame later): the page editor's preview shows it at once.
   */
  onTyping?(path: (string | number)[], value: unknown): void;
}

/** The edit form of a document, generated from its model schema with our widgets and templates. */
export function SchemaForm({
  schema,
  rootSchemas,
  formData,
  onChange,
  errors,
  disabled,
  dataSource,
  idPrefix,
  fillDefaults = 'nonEmpty',
  assistSingleLine = false,
  ownDocument = false,
  asOwner = false,
  limits,
  source,
  secretsChanged,
  onTyping,
}: SchemaFormProps) {
  const documentId = typeof formData?._id === 'string' ? formData._id : undefined;
  const isNew = documentId === undefined;
  // A saved document keeps its stored secret (password) when the field stays empty: required only when new.
  const inlined = useMemo(() => {
    const inlined = prepareSchema(schema, rootSchemas);
    return isNew ? inlined : storedSecretsOptional(inlined);
  }, [schema, rootSchemas, isNew]);
  // Values the enums do not list, as the document came and as edited, are kept and shown (and can be chosen
  // again after picking another) instead of being replaced by the form: a save must not clear them unasked.
  const [first, setFirst] = useState({ id: source?.id, data: formData });
  if (first.id !== source?.id) setFirst({ id: source?.id, data: formData });
  const unlistedKey = JSON.stringify(unlistedValues(inlined, [first.data, formData]));
  const prepared = useMemo(
    () => withUnlisted(inlined, JSON.parse(unlistedKey) as UnlistedValues),
    [inlined, unlistedKey],
  );
  const uiSchema = useMemo<UiSchema>(
    () => ({
      ...uiSchemaFor(prepared, { isNew, rootSchemas, asOwner, limits }),
      'ui:submitButtonOptions': { norender: true },
    }),
    [prepared, isNew, rootSchemas, asOwner, limits],
  );
  // An error leaves its field once the field is edited (the data as the errors came is what was refused).
  const [refused, setRefused] = useState({ errors, data: formData });
  if (refused.errors !== errors) setRefused({ errors, data: formData });
  // A date typed that cannot be read is named at its field as soon as it is left (the server is not asked).
  const entryFields = useMemo(
    () =>
      Object.entries(prepared.properties ?? {}).map(([name, property]) => ({
        name,
        format: property.format,
        readOnly: property.readOnly,
      })),
    [prepared],
  );
  const shown = useMemo(() => {
    const standing = standingErrors(errors, refused.data, formData);
    const entries = dateEntryErrors(entryFields, formData);
    return entries ? { ...standing, ...entries } : standing;
  }, [errors, refused.data, formData, entryFields]);
  const extraErrors = useMemo(() => toErrorSchema(shown), [shown]);
  const visibleFields = useMemo(
    () =>
      Object.keys(prepared.properties ?? {}).filter(
        (name) => (uiSchema[name] as UiSchema | undefined)?.['ui:widget'] !== 'hidden',
      ),
    [prepared, uiSchema],
  );
  const unplaced = unplacedErrors(shown, visibleFields);
  const shownCurrentErrors = currentSecretErrors(shown);
  const currentErrorsKey = shownCurrentErrors ? JSON.stringify(shownCurrentErrors) : undefined;
  const secretsChangedKey = secretsChanged?.length ? secretsChanged.join(',') : undefined;

  // Drag and paste change a whole array at once; they read the newest data, not a stale closure.
  const latest = useRef(formData);
  latest.current = formData;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onTypingRef = useRef(onTyping);
  onTypingRef.current = onTyping;
  const typing = !!onTyping;
  const prefix = idPrefix ?? 'root';
  const loadOptions = useMemo(() => createOptionCache(dataSource), [dataSource]);
  const sourceModel = source?.model;
  const sourceId = source?.id;
  // As the server answered the document (the form sends it back unchanged; the server ignores it).
  const secretsSetKey = isNew ? undefined : secretsSetOf(formData);
  const modelTitle = schema.title;
  const formContext = useMemo<FormContext>(
    () => ({
      dataSource,
      loadOptions,
      isNew,
      ...(documentId ? { documentId } : {}),
      ...(sourceModel && sourceId ? { source: { model: sourceModel, id: sourceId } } : {}),
      assistSingleLine,
      ownDocument,
      ...(secretsSetKey ? { secretsSet: JSON.parse(secretsSetKey) as SecretsSet } : {}),
      modelTitle,
      ...(currentErrorsKey ? { currentErrors: JSON.parse(currentErrorsKey) as Record<string, string> } : {}),
      ...(secretsChangedKey ? { secretsChanged: secretsChangedKey.split(',') } : {}),
      updateAt(path, update) {
        const next = setIn<FormData>(latest.current ?? {}, path, update(getIn(latest.current, path)));
        latest.current = next;
        onChangeRef.current(next);
      },
      onTyping: typing
        ? (id, value) => {
            const path = pathOfFieldId(id, prefix, latest.current);
            if (path) onTypingRef.current?.(path, value);
          }
        : undefined,
    }),
    [
      dataSource,
      loadOptions,
      isNew,
      documentId,
      sourceModel,
      sourceId,
      assistSingleLine,
      ownDocument,
      secretsSetKey,
      modelTitle,
      currentErrorsKey,
      secretsChangedKey,
      typing,
      prefix,
    ],
  );

  // A refused current password: the user acts there next, and on a phone it is far below the message.
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const field = Object.keys(currentSecretErrors(errors) ?? {})[0];
    const input = field ? container.current?.querySelector<HTMLElement>(`#${prefix}_${field}__current`) : undefined;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.scrollIntoView({ block: 'center' });
  }, [errors, prefix]);

  const handleChange = (event: IChangeEvent<FormData>) => {
    latest.current = event.formData;
    onChange(event.formData ?? {});
  };

  return (
    <div ref={container} className="text-sm text-gray-900">
      {unplaced.length > 0 && (
        <div
          role="alert"
          className="mb-4 flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <ul>
            {unplaced.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <Form<FormData, RJSFSchema, FormContext>
        tagName="div"
        schema={prepared as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        onChange={handleChange}
        validator={formValidator}
        extraErrors={extraErrors}
        disabled={disabled}
        widgets={themeWidgets}
        fields={themeFields}
        templates={themeTemplates}
        formContext={formContext}
        showErrorList={false}
        noHtml5Validate
        idPrefix={idPrefix}
        experimental_defaultFormStateBehavior={{
          emptyObjectFields: fillDefaults === 'required' ? 'populateRequiredDefaults' : 'skipEmptyDefaults',
        }}
      />
    </div>
  );
}

/** The document's `_secretsSet` as a stable key (the form data is a new object on every edit). */
function secretsSetOf(formData: FormData | undefined): string | undefined {
  const set = formData?.[SECRETS_SET];
  return set && typeof set === 'object' && !Array.isArray(set) ? JSON.stringify(set) : undefined;
}
