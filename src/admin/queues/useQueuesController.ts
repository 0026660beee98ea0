import { useSearchParams } from 'react-router';
import { failureOf } from '../core/data/api';
import { patchQueueJobs, useQueueJobsQuery, useQueuesQuery } from '../core/data/filesApi';
import { useAdminDispatch } from '../core/data/hooks';
import { useQueueMembership, useRealtimeEvent } from '../core/realtime/hub';
import { applyJobEvent } from './jobState';

/**
 * The queues screen's logic: the queue in the URL (`?queue=`, else the first), its jobs, membership
 * of the queue on the socket while it is selected, and the table kept live from `queue/state` events.
 */
export function useQueuesController() {
  const dispatch = useAdminDispatch();
  const [params, setParams] = useSearchParams();
  const queues = useQueuesQuery();
  const names = queues.data ?? [];
  const requested = params.get('queue');
  const selected = requested && names.includes(requested) ? requested : names[0];
  const jobs = useQueueJobsQuery(selected ?? '', { skip: !selected });
  useQueueMembership(selected);
  useRealtimeEvent('queue/state', (event) => {
    if (event.queue !== selected) return;
    dispatch(patchQueueJobs(event.queue, (jobs) => applyJobEvent(jobs, event.id, event.state)));
  });
  const error = queues.error ?? jobs.error;
  return {
    names,
    selected,
    select: (queue: string) => setParams({ queue }, { replace: true }),
    jobs: jobs.data ?? [],
    loading: queues.isLoading || jobs.isLoading,
    fetching: jobs.isFetching,
    error: error ? failureOf(error).message : undefined,
    refresh: () => void jobs.refetch(),
  };
}

export type QueuesController = ReturnType<typeof useQueuesController>;
