import { useState } from 'react';
import type { ModelInfo } from '../../shared/registry';
import { useAdmin } from '../core/AdminContext';
import type { ApiFailure, Doc } from '../core/data/types';
import type { FormData } from '../core/edit/useEditController';
import { saveFailureMessage } from '../core/edit/saveFailure';
import { useFormDataSource } from '../core/edit/useFormDataSource';
import { useProgress } from '../core/useProgress';
import { DialogShell } from '../files/DialogShell';
import { SchemaForm } from '../form';
import { Button } from '../ui/Button';
import { ProgressButton } from '../ui/ProgressButton';

/**
 * A new service config for this swarm: the config's own form in a dialog; CREATE saves the config,
 * adds it to the swarm and closes. Field errors stay in the dialog.
 */
export function NewServiceDialog({
  model,
  swarmName,
  onCreate,
  onClose,
}: {
  model: ModelInfo;
  swarmName: string;
  onCreate(data: FormData): Promise<Doc>;
  onClose(): void;
}) {
  const { registry } = useAdmin();
  const dataSource = useFormDataSource();
  const [data, setData] = useState<FormData>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useProgress(async () => {
    setErrors({});
    try {
      await onCreate(data);
    } catch (error) {
      const failure = error as ApiFailure;
      if (failure.fields) {
        setErrors(failure.fields);
        throw new Error(saveFailureMessage(model, registry.resolver, failure.fields, failure.message));
      }
      throw error;
    }
    onClose();
  });
  return (
    <DialogShell
      open
      onClose={onClose}
      title="New service"
      description={`A service config, added to ${swarmName || 'this swarm'} when it is created.`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <ProgressButton state={create.state} onClick={() => void create.run()}>
            CREATE
          </ProgressButton>
        </>
      }
    >
      <div className="px-5 py-4">
        <SchemaForm
          schema={model.schema}
          rootSchemas={registry.schemas}
          formData={data}
          onChange={setData}
          errors={errors}
          dataSource={dataSource}
          idPrefix="newService"
        />
      </div>
    </DialogShell>
  );
}
