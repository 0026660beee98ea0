import { MAIL_JOB_SCHEMA, MAIL_QUEUE } from './mail';

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

/**
 * `POST /api/queues/{name}/jobs/{id}/{action}`: what an owner may do with one job. Retry runs a failed job once
 * more (a cancelled one is queued again); cancel stops a job that still waits. Either can be undone by the other,
 * so neither asks for confirmation.
 */
export const JOB_ACTIONS = ['retry', 'cancel'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/** The states a job must be in for each action. */
export const JOB_ACTION_STATES: Readonly<Record<JobAction, readonly JobState[]>> = {
  retry: ['failed', 'cancelled'],
  cancel: ['created', 'retry'],
};

export const JOB_ACTION_LABELS: Readonly<Record<JobAction, string>> = { retry: 'Retry', cancel: 'Cancel' };

/** The answer of a job action: the job as it is now. */
export interface JobActionAnswer {
  job: QueueJob;
}

/** The `state` of a `queue/state` event: the job's state with its progress and last error. */
export interface JobStateEvent {
  state: JobState;
  progress: number;
  error?: string;
  createdOn: string;
  data: unknown;
}

/** The queue of image presets: one job per preset of each uploaded raster image. */
export const PRESET_QUEUE = 'imagePresets';

/** The JSON Schema of a queue's job data, as far as the queues screen reads it. */
export interface JobDataSchema {
  type?: string | string[];
  title?: string;
  format?: string;
  required?: string[];
  /** In the order the fields are shown. */
  properties?: Record<string, JobDataSchema>;
  additionalProperties?: boolean | JobDataSchema;
}

/** A preset job's data: the file, and the preset to render it in. */
export const PRESET_JOB_SCHEMA: JobDataSchema = {
  type: 'object',
  required: ['fileId', 'presetName'],
  properties: { fileId: { type: 'string', title: 'File' }, presetName: { type: 'string', title: 'Preset name' } },
};

/** A job's data fields that hold ids of documents of one model: the queues screen names the documents instead. */
export interface QueueReferences {
  model: string;
  fields: readonly string[];
}

/** The references in each queue's job data (queues not listed name no documents). */
export const QUEUE_REFERENCES: Readonly<Record<string, QueueReferences>> = {
  [PRESET_QUEUE]: { model: 'file', fields: ['fileId'] },
};

/**
 * The job data of each queue (queues not listed show their fields by name): the queues screen shows the fields
 * in this order, as PostgreSQL's jsonb keeps an object's keys by length, then bytes (a mail read To, Data,
 * Reply to, Template).
 */
export const QUEUE_JOB_SCHEMAS: Readonly<Record<string, JobDataSchema>> = {
  [PRESET_QUEUE]: PRESET_JOB_SCHEMA,
  [MAIL_QUEUE]: MAIL_JOB_SCHEMA,
};
