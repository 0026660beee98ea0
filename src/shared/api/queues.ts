/** Job states of pg-boss as the API reports them. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** `GET /api/queues`: the names of the job queues. */
export interface QueuesAnswer {
  queues: string[];
}

/** `GET /api/queues/{name}/jobs`: the latest jobs of a queue, newest first. */
export interface QueueJobsAnswer {
  jobs: QueueJob[];
}

/** `GET /api/queues/{name}/jobs`: a job as the queues screen shows it (spec section 3, "Queue job"). */
export interface QueueJob {
  id: string;
  createdOn: string;
  data: unknown;
  /** 0-100. */
  progress: number;
  state: JobState;
  error?: string;
  retryCount: number;
}

/** The `state` of a `queue/state` event: the job's state with its progress and last error. */
export interface JobStateEvent {
  state: JobState;
  progress: number;
  error?: string;
  createdOn: string;
  data: unknown;
}
