export { SchemaForm, type SchemaFormProps, type FormData } from './SchemaForm';
export type { FormDataSource, RelationOption } from './types';
export { uiSchemaFor, type UiSchemaOptions, type RelationOptions } from './schema/uiSchemaFor';
export { prepareSchema } from './schema/prepareSchema';
export { toErrorSchema } from './schema/errorSchema';
export { formWidgets } from './widgets/registry';
export { FORM_WIDGETS, type FormWidget } from './widgets/names';
export { createMemoryDataSource } from './memoryDataSource';
