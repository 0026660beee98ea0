import type { QueueJob } from '../core/data/files';

/** The `state` of a `queue/state` event: a state name, or the job's state with progress and error. */
export function jobPatch(state: unknown): Partial<QueueJob> {
  if (typeof state === 'string') return { state };
  if (!state || typeof state !== 'object') return {};
  const value = state as Record<string, unknown>;
  return {
    ...(typeof value.state === 'string' ? { state: value.state } : {}),
    ...(typeof value.progress === 'number' ? { progress: value.progress } : {}),
    ...(typeof value.createdOn === 'string' ? { createdAt: value.createdOn } : {}),
    ...('data' in value ? { data: value.data } : {}),
    ...(typeof value.error === 'string'
      ? { error: value.error }
      : value.state === 'completed'
        ? { error: undefined }
        : {}),
  };
}

/** Applies a pushed state to the table: the job is updated in place, or added at the top when new. */
export function applyJobEvent(jobs: QueueJob[], id: string, state: unknown): QueueJob[] {
  const patch = jobPatch(state);
  const index = jobs.findIndex((job) => job.id === id);
  if (index < 0) return [{ id, state: 'created', createdAt: new Date().toISOString(), ...patch } as QueueJob, ...jobs];
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
