import { useState } from 'react';
import { SWARM_REFRESH_MS, type SwarmDeployAnswer } from '../../shared/api/swarms';
import { canAccess } from '../core/access';
import { useAdmin } from '../core/AdminContext';
import { failureOf, useSaveMutation } from '../core/data/api';
import { useDeploySwarmMutation, useSwarmServicesQuery } from '../core/data/operations';
import type { Doc } from '../core/data/types';
import type { EditController, FormData } from '../core/edit/useEditController';
import { useProgress } from '../core/useProgress';

/** What the service list needs of the swarm's edit form. */
export type SwarmForm = Pick<EditController, 'formData' | 'dirty' | 'readonly' | 'saveNow'>;

/**
 * The swarm detail's service list (spec section 2): read from the engine, refreshed every 30 s and on
 * demand; deploy with an empty body, whose per-service results stay on screen until the next one.
 * Deploy acts on the saved swarm, so with unsaved edits it saves them first (as SAVE would) and deploys
 * only when that worked: what the form shows is what gets deployed. A new service config is created
 * and added to the swarm, which is saved with it.
 */
export function useSwarmServices(swarmId: string, form: SwarmForm) {
  const { registry, permissions } = useAdmin();
  const services = useSwarmServicesQuery(swarmId, { pollingInterval: SWARM_REFRESH_MS, skipPollingIfUnfocused: false });
  const [deployCall] = useDeploySwarmMutation();
  const [saveCall] = useSaveMutation();
  const [lastDeploy, setLastDeploy] = useState<SwarmDeployAnswer>();
  const deploy = useProgress(async () => {
    if (form.dirty && !(await form.saveNow())) throw new Error('Not deployed: the swarm could not be saved');
    const answer = await deployCall(swarmId).unwrap();
    setLastDeploy(answer);
    return answer;
  });
  const config = registry.model('config');

  /** Creates the config (its field errors reject with `fields`), adds it to the swarm and saves the swarm. */
  async function addService(data: FormData): Promise<Doc> {
    const saved = await saveCall({ model: 'config', doc: { ...data, _id: 'new' } }).unwrap();
    const current = Array.isArray(form.formData.services) ? (form.formData.services as string[]) : [];
    if (await form.saveNow({ ...form.formData, services: [...current, saved._id] })) void services.refetch();
    return saved;
  }

  return {
    answer: services.data,
    loading: services.isLoading,
    fetching: services.isFetching,
    error: services.error ? failureOf(services.error).message : undefined,
    refresh: () => void services.refetch(),
    deploy: () => void deploy.run(),
    deployState: deploy.state,
    lastDeploy,
    /** The form has edits DEPLOY saves first. */
    unsaved: form.dirty,
    /** The config model, when the caller may create configs and change the swarm. */
    configModel: config && !form.readonly && canAccess(permissions, config.permission.create) ? config : undefined,
    addService,
  };
}

export type SwarmServicesController = ReturnType<typeof useSwarmServices>;
