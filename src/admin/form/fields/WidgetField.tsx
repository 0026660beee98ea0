import { getUiOptions, getWidget, type FieldProps } from '@rjsf/utils';

/**
 * Lets a widget edit a whole object or array value (JSON, CSS size, link): rjsf renders objects
 * field by field, so uiSchemaFor points such fields here (`ui:field: 'widget'`) with the widget's
 * name in `ui:widget`.
 */
export function WidgetField(props: FieldProps) {
  const {
    schema,
    uiSchema,
    registry,
    fieldPathId,
    formData,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    required,
    rawErrors,
    name,
    autofocus,
  } = props;
  const { widget = 'json', title, ...options } = getUiOptions(uiSchema);
  const Widget = getWidget(schema, widget, registry.widgets);
  return (
    <Widget
      id={fieldPathId.$id}
      name={name}
      htmlName={fieldPathId.name}
      label={title ?? schema.title ?? name}
      value={formData}
      onChange={(value: unknown) => onChange(value, fieldPathId.path)}
      onBlur={onBlur}
      onFocus={onFocus}
      options={options}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
      disabled={disabled}
      readonly={readonly}
      required={required}
      autofocus={autofocus}
      rawErrors={rawErrors}
    />
  );
}

export const themeFields = { widget: WidgetField };
