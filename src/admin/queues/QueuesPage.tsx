import { Braces, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatTimestamp } from '../../shared/format';
import { EMPTY_LIST_TEXT } from '../../shared/rules/constants';
import { documentTitle } from '../../shared/admin/titles';
import {
  JOB_ACTION_LABELS,
  JOB_ACTION_STATES,
  JOB_ACTIONS,
  type JobAction,
  type JobDataSchema,
  type QueueJob,
} from '../../shared/api/queues';
import { useProgress } from '../core/useProgress';
import { ProgressButton } from '../ui/ProgressButton';
import { IconButton } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { STICKY_HEAD, TableFrame } from '../ui/TableFrame';
import { Tooltip } from '../ui/Tooltip';
import { jobDataEntries, orderedBySchema, type DataEntry } from './jobData';
import { jobsSubtitle, STATE_TONES } from './jobState';
import { useQueuesController, type QueuesController } from './useQueuesController';
import { ScrollablePre } from '../ui/ScrollablePre';

/** A job state as delivered by the server; a failed job's error shows in a tooltip. */
function StateBadge({ job }: { job: QueueJob }) {
  const [open, setOpen] = useState(false);
  const badge = (
    <span
      // Focusable only when it carries an error, so keyboard users can open the tooltip.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={job.error ? 0 : undefined}
      data-testid="job-state"
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-transparent ring-inset ${STATE_TONES[job.state] ?? 'bg-zinc-100 text-zinc-700'} ${job.error ? 'cursor-help underline decoration-dotted underline-offset-2' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      aria-label={job.error ? `${job.state}: ${job.error}` : undefined}
    >
      {job.state}
    </span>
  );
  return job.error ? (
    <Tooltip open={open} content={job.error} tone={job.state === 'failed' ? 'error' : 'dark'}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** Retry (a failed or cancelled job) or Cancel (a job that waits), as the job's state allows. */
function JobActionButton({
  job,
  action,
  onAct,
}: {
  job: QueueJob;
  action: JobAction;
  onAct(id: string, action: JobAction): Promise<void>;
}) {
  const { state, run } = useProgress(() => onAct(job.id, action));
  return (
    <ProgressButton
      state={state}
      onClick={() => void run()}
      variant="secondary"
      title={action === 'retry' ? 'Run this job once more' : 'Do not run this job (Retry queues it again)'}
    >
      {JOB_ACTION_LABELS[action]}
    </ProgressButton>
  );
}

function Progress({ value = 0 }: { value?: number }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="h-1.5 w-16 overflow-hidden rounded-full bg-zinc-100" aria-hidden>
        <span
          className={`block h-full rounded-full transition-[width] ${value >= 100 ? 'bg-emerald-500' : 'bg-accent-600'}`}
          style={{ width: `${value}%` }}
        />
      </span>
      <span className="w-9 text-right tabular-nums">{value}%</span>
    </span>
  );
}

/** A job's data as `label value` pairs, each cut to one short line; the button unfolds the whole data as JSON. */
function JobData({
  job,
  schema,
  entries,
  open,
  onToggle,
}: {
  job: QueueJob;
  schema: JobDataSchema | undefined;
  entries: DataEntry[];
  open: boolean;
  onToggle(): void;
}) {
  if (entries.length === 0) return <span className="text-zinc-500">—</span>;
  return (
    <div className="min-w-0">
      <div className="flex items-start gap-1">
        <dl className="flex min-w-0 flex-wrap gap-x-3 gap-y-0.5 text-[13px] leading-5" data-testid="job-data">
          {entries.map((entry) => (
            <div key={entry.key} className="flex min-w-0 gap-1">
              <dt className="shrink-0 text-zinc-500">{entry.label}:</dt>
              <dd
                className={`min-w-0 truncate ${entry.unresolved ? 'font-mono text-xs leading-5 text-zinc-500' : 'text-zinc-800'}`}
                title={entry.full}
              >
                {entry.value}
              </dd>
            </div>
          ))}
        </dl>
        <button
          type="button"
          aria-expanded={open}
          aria-label={open ? 'Hide the data as JSON' : 'Show the data as JSON'}
          title={open ? 'Hide JSON' : 'Show JSON'}
          onClick={onToggle}
          className={`-my-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700 focus-visible:ring-2 focus-visible:ring-accent-600/30 focus-visible:outline-none ${open ? 'bg-zinc-100 text-zinc-700' : ''}`}
        >
          <Braces aria-hidden className="size-3.5" />
        </button>
      </div>
      {open && (
        <ScrollablePre
          data-testid="job-json"
          className="mt-2 max-h-64 overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-2 font-mono text-xs whitespace-pre-wrap text-zinc-700 [overflow-wrap:anywhere]"
        >
          {JSON.stringify(orderedBySchema(job.data, schema), null, 2)}
        </ScrollablePre>
      )}
    </div>
  );
}

/** One job. On phones Created and Data fold into the first cell under the id, the progress under the state. */
function JobRow({
  job,
  schema,
  entries,
  open,
  onToggle,
  onAct,
}: {
  job: QueueJob;
  schema: JobDataSchema | undefined;
  entries: DataEntry[];
  open: boolean;
  onToggle(): void;
  onAct(id: string, action: JobAction): Promise<void>;
}) {
  const action = JOB_ACTIONS.find((candidate) => JOB_ACTION_STATES[candidate].includes(job.state));
  const created = job.createdOn ? formatTimestamp(job.createdOn) : '—';
  const data = <JobData job={job} schema={schema} entries={entries} open={open} onToggle={onToggle} />;
  return (
    <tr
      data-id={job.id}
      data-state={job.state}
      className="border-b border-zinc-100 align-top text-zinc-800 last:border-0 hover:bg-zinc-50"
    >
      <td className="px-3 py-2.5 pl-4 max-sm:w-full max-sm:max-w-0">
        <span className="font-mono text-[13px] whitespace-nowrap text-zinc-500" title={job.id}>
          {job.id.slice(0, 8)}
        </span>
        <span className="ml-2 text-xs whitespace-nowrap text-zinc-500 tabular-nums sm:hidden">{created}</span>
        <div className="mt-1 sm:hidden">{data}</div>
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap text-zinc-700 tabular-nums max-sm:hidden">{created}</td>
      <td className="w-full max-w-0 px-3 py-2.5 max-sm:hidden">{data}</td>
      <td className="px-3 py-2.5 whitespace-nowrap max-sm:hidden">
        <Progress value={job.progress} />
      </td>
      <td className="px-3 py-2.5 pr-4 whitespace-nowrap">
        <StateBadge job={job} />
        <div className="mt-1 text-right text-xs text-zinc-500 tabular-nums sm:hidden" data-testid="job-progress">
          {job.progress ?? 0}%
        </div>
        {action && (
          <div className="mt-1.5 flex max-sm:justify-end">
            <JobActionButton key={action} job={job} action={action} onAct={onAct} />
          </div>
        )}
      </td>
    </tr>
  );
}

/** The queues view: a queue selector and the jobs table, live. */
export function QueuesView({ queues }: { queues: QueuesController }) {
  useEffect(() => {
    document.title = documentTitle('Queues');
  }, []);
  // Jobs whose whole data is unfolded as JSON.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
      <PageHeader
        title="Queues"
        subtitle={queues.selected ? jobsSubtitle(queues.jobs.length, queues.selected) : undefined}
        actions={
          <>
            <label className="flex items-center gap-2">
              <span className="text-[13px] text-zinc-500 max-sm:sr-only">Queue</span>
              <select
                aria-label="Queue"
                value={queues.selected ?? ''}
                onChange={(event) => queues.select(event.target.value)}
                className="h-8 rounded-md border border-zinc-300 bg-white pr-7 pl-2.5 text-[13px] text-zinc-800 shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none"
              >
                {queues.names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <IconButton label="Refresh" onClick={queues.refresh}>
              <RefreshCw className={`size-4 ${queues.fetching ? 'animate-spin' : ''}`} />
            </IconButton>
          </>
        }
      />
      <div className="p-4 md:px-6">
        <TableFrame>
          <table className="w-full border-collapse text-sm" aria-busy={queues.fetching}>
            <thead className={`${STICKY_HEAD} bg-zinc-50/95`}>
              <tr className="border-b border-zinc-200 text-left text-zinc-500">
                <th scope="col" className="h-9 px-3 pl-4 font-medium">
                  ID
                </th>
                <th scope="col" className="h-9 px-3 font-medium max-sm:hidden">
                  Created
                </th>
                <th scope="col" className="h-9 px-3 font-medium max-sm:hidden">
                  Data
                </th>
                <th scope="col" className="h-9 px-3 font-medium max-sm:hidden">
                  Progress (%)
                </th>
                <th scope="col" className="h-9 px-3 pr-4 font-medium">
                  State
                </th>
              </tr>
            </thead>
            <tbody>
              {queues.loading ? (
                <tr>
                  <td colSpan={5} className="h-48 text-center">
                    <Spinner className="mx-auto size-6" />
                  </td>
                </tr>
              ) : queues.jobs.length === 0 ? (
                <tr>
                  <td colSpan={5} className="h-48 text-center text-zinc-500" data-testid="empty">
                    {queues.error ?? EMPTY_LIST_TEXT}
                  </td>
                </tr>
              ) : (
                queues.jobs.map((job) => (
                  <JobRow
                    key={job.id}
                    job={job}
                    schema={queues.schema}
                    entries={jobDataEntries(job.data, queues.references, queues.documentNames, queues.schema)}
                    open={open.has(job.id)}
                    onToggle={() => toggle(job.id)}
                    onAct={queues.act}
                  />
                ))
              )}
            </tbody>
          </table>
        </TableFrame>
      </div>
    </>
  );
}

/** Route `/_/queues`. */
export default function QueuesPage() {
  return <QueuesView queues={useQueuesController()} />;
}
