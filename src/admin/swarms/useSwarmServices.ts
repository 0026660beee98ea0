import { useState } from 'react';
import { SWARM_REFRESH_MS, type SwarmDeployAnswer } from '../../shared/api/swarms';
import { failureOf } from '../core/data/api';
import { useDeploySwarmMutation, useSwarmServicesQuery } from '../core/data/operations';
import { useProgress } from '../core/useProgress';

/**
 * The swarm detail's service list (spec section 2): read from the engine, refreshed every 30 s and on
 * demand; deploy with an empty body, whose per-service results stay on screen until the next one.
 */
export function useSwarmServices(swarmId: string) {
  const services = useSwarmServicesQuery(swarmId, { pollingInterval: SWARM_REFRESH_MS, skipPollingIfUnfocused: false });
  const [deployCall] = useDeploySwarmMutation();
  const [lastDeploy, setLastDeploy] = useState<SwarmDeployAnswer>();
  const deploy = useProgress(async () => {
    const answer = await deployCall(swarmId).unwrap();
    setLastDeploy(answer);
    return answer;
  });
  return {
    answer: services.data,
    loading: services.isLoading,
    fetching: services.isFetching,
    error: services.error ? failureOf(services.error).message : undefined,
    refresh: () => void services.refetch(),
    deploy: () => void deploy.run(),
    deployState: deploy.state,
    lastDeploy,
  };
}

export type SwarmServicesController = ReturnType<typeof useSwarmServices>;
