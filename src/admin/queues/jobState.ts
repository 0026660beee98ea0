import type { JobStateEvent, QueueJob } from '../../shared/api/queues';

/**
 * What a `queue/state` event changes of a job: state, progress and data; the last error stays until
 * a new one arrives or the job completes (as the job list answers it).
 */
export function jobPatch(event: JobStateEvent): Omit<QueueJob, 'id' | 'retryCount'> {
  const { state, progress, createdOn, data, error } = event;
  return {
    state,
    progress,
    createdOn,
    data,
    ...(error !== undefined ? { error } : state === 'completed' ? { error: undefined } : {}),
  };
}

/** Applies a pushed state to the table: the job is updated in place, or added at the top when new. */
export function applyJobEvent(jobs: QueueJob[], id: string, event: JobStateEvent): QueueJob[] {
  const patch = jobPatch(event);
  const index = jobs.findIndex((job) => job.id === id);
  if (index < 0) return [{ id, retryCount: 0, ...patch }, ...jobs];
  const next = [...jobs];
  next[index] = { ...jobs[index], ...patch };
  return next;
}

export const STATE_TONES: Record<string, string> = {
  created: 'bg-zinc-100 text-zinc-700',
  retry: 'bg-amber-50 text-amber-800 ring-amber-200',
  active: 'bg-blue-50 text-blue-700 ring-blue-200',
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
  cancelled: 'bg-zinc-100 text-zinc-500',
};

/** The queues screen's subtitle: how many of the queue's latest jobs the table shows. */
export function jobsSubtitle(count: number, queue: string): string {
  if (count === 0) return `No jobs in ${queue} · live`;
  if (count === 1) return `1 job in ${queue} · live`;
  return `${count} latest jobs of ${queue} · live`;
}
