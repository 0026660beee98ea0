import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { QUEUE_JOB_SCHEMAS, QUEUE_REFERENCES, type JobAction } from '../../shared/api/queues';
import { mayReadDeleted } from '../core/access';
import { useAdmin } from '../core/AdminContext';
import { failureOf, useFindQuery } from '../core/data/api';
import { patchQueueJobs, useQueueJobActionMutation, useQueueJobsQuery, useQueuesQuery } from '../core/data/filesApi';
import { useAdminDispatch } from '../core/data/hooks';
import { useQueueMembership, useRealtimeEvent } from '../core/realtime/hub';
import { referencedIds, type DocumentName } from './jobData';
import { applyJobEvent } from './jobState';

/**
 * The queues screen's logic: the queue in the URL (`?queue=`, else the first), its jobs, membership
 * of the queue on the socket while it is selected, the table kept live from `queue/state` events, and
 * the names of the documents the jobs' data refers to (a preset job's file), as the caller may read them, and
 * the retry or cancel of a job.
 */
export function useQueuesController() {
  const dispatch = useAdminDispatch();
  const { registry, permissions } = useAdmin();
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

  const references = selected ? QUEUE_REFERENCES[selected] : undefined;
  const target = references ? registry.model(references.model) : undefined;
  const ids = referencedIds(jobs.data ?? [], target && references);
  const lookup = useFindQuery(
    {
      model: target?.name ?? '',
      params: {
        query: { _id: { $in: ids } },
        // Deleted files are named too, for those who may see them (who manage files); the others' ask is refused.
        deleted: target !== undefined && mayReadDeleted({ permissions }, target),
        limit: ids.length,
        fields: [target?.labelField ?? '_id'],
      },
    },
    // While a new upload's ids are looked up, `data` still holds the last answer: its names stay.
    { skip: !target || ids.length === 0 },
  );
  const documentNames = useMemo(() => {
    const found: Record<string, DocumentName> = {};
    if (!target) return found;
    for (const doc of lookup.data?.results ?? []) {
      const name = doc[target.labelField];
      if (typeof name === 'string' && name) found[doc._id] = { name, deleted: doc._deletedAt !== undefined };
    }
    return found;
  }, [lookup.data, target]);

  const [trigger] = useQueueJobActionMutation();

  const error = queues.error ?? jobs.error;
  return {
    names,
    selected,
    select: (queue: string) => setParams({ queue }, { replace: true }),
    jobs: jobs.data ?? [],
    references,
    /** The selected queue's job data schema: the order and titles of the Data column. */
    schema: selected ? QUEUE_JOB_SCHEMAS[selected] : undefined,
    documentNames,
    loading: queues.isLoading || jobs.isLoading,
    fetching: jobs.isFetching,
    error: error ? failureOf(error).message : undefined,
    refresh: () => void jobs.refetch(),
    /** Retries or cancels a job of the selected queue; rejects with the server's reason. */
    act: async (id: string, action: JobAction) => {
      if (!selected) return;
      const answer = await trigger({ queue: selected, id, action });
      if (answer.error) throw new Error(failureOf(answer.error).message);
    },
  };
}

export type QueuesController = ReturnType<typeof useQueuesController>;
