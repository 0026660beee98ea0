import type { JobAction, QueueJob } from '../../../shared/api/queues';

/** The job queues every module may use (implemented on pg-boss in operations.ts). */
export interface QueueDefinition<T> {
  /** Failed attempts retried at most this often; the last error is kept on the job. */
  retryLimit: number;
  /** Jobs run at once in this process. */
  concurrency: number;
  /** Runs one job; `progress` reports 0-100. Throwing fails the attempt. */
  handler(data: T, progress: (percent: number) => void): Promise<void>;
}

export interface QueueService {
  start(): Promise<void>;
  /**
   * Takes no more jobs and waits up to `timeoutMs` (default 10 s) for the running ones; those still running
   * then are failed for a retry. Resolves with whether every job finished in time.
   */
  stop(timeoutMs?: number): Promise<boolean>;
  /** Declares a queue and its worker; call before `start` (workers start with it). */
  define<T extends object>(name: string, definition: QueueDefinition<T>): void;
  send(name: string, data: object): Promise<string>;
  names(): Promise<string[]>;
  jobs(name: string, limit?: number): Promise<QueueJob[]>;
  /** One job, or undefined when the queue has no job of that id. */
  job(name: string, id: string): Promise<QueueJob | undefined>;
  /**
   * Retries or cancels a job when its state allows it (JOB_ACTION_STATES); answers the job as it is afterwards and
   * whether the action was done, or undefined when there is no such job.
   */
  act(name: string, id: string, action: JobAction): Promise<{ done: boolean; job: QueueJob } | undefined>;
  /** Jobs of a queue not yet completed or failed (tests, benchmark). */
  pending(name: string): Promise<number>;
}
