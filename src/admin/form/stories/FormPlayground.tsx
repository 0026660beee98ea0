import { useState } from 'react';
import type { JsonSchema } from '../../../shared/registry';
import { SchemaForm, type FormData } from '../SchemaForm';
import type { DocumentRef, FormDataSource } from '../types';
import { dataSource as defaultDataSource, rootSchemas } from './fixtures';

export interface FormPlaygroundProps {
  schema: JsonSchema;
  formData?: FormData;
  errors?: Record<string, string>;
  disabled?: boolean;
  dataSource?: FormDataSource;
  /** The stored document the form edits (relation labels may come through it). */
  source?: DocumentRef;
  /** Show the stored value under the form, to see what a widget writes. */
  showData?: boolean;
  onChange?(data: FormData): void;
}

/** SchemaForm with its own state, as the edit page holds it, plus the data it would save. */
export function FormPlayground({
  schema,
  formData,
  errors,
  disabled,
  dataSource = defaultDataSource,
  source,
  showData = true,
  onChange,
}: FormPlaygroundProps) {
  const [data, setData] = useState<FormData | undefined>(formData);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 bg-white p-6 font-sans text-sm">
      <SchemaForm
        schema={schema}
        rootSchemas={rootSchemas}
        formData={data}
        onChange={(next) => {
          setData(next);
          onChange?.(next);
        }}
        errors={errors}
        disabled={disabled}
        dataSource={dataSource}
        source={source}
      />
      {showData && (
        <details className="rounded-md border border-gray-200 bg-gray-50 p-3 text-xs text-gray-600">
          <summary className="cursor-pointer font-medium">Stored value</summary>
          <pre data-testid="stored-value" className="mt-2 overflow-auto font-mono">
            {JSON.stringify(data, null, 2)}
          </pre>
        </details>
      )}
    </div>
  );
}
