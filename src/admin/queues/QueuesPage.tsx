import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatTimestamp } from '../../shared/format';
import { EMPTY_LIST_TEXT } from '../../shared/rules/constants';
import { documentTitle } from '../../shared/admin/titles';
import type { QueueJob } from '../../shared/api/queues';
import { IconButton } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { STICKY_HEAD, TableFrame } from '../ui/TableFrame';
import { Tooltip } from '../ui/Tooltip';
import { jobsSubtitle, STATE_TONES } from './jobState';
import { useQueuesController, type QueuesController } from './useQueuesController';

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

/** The queues view: a queue selector and the jobs table, live. */
export function QueuesView({ queues }: { queues: QueuesController }) {
  useEffect(() => {
    document.title = documentTitle('Queues');
  }, []);
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
                <th scope="col" className="h-9 px-3 font-medium">
                  Created
                </th>
                <th scope="col" className="h-9 px-3 font-medium max-sm:hidden">
                  Data
                </th>
                <th scope="col" className="h-9 px-3 font-medium">
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
                  <tr
                    key={job.id}
                    data-id={job.id}
                    data-state={job.state}
                    className="border-b border-zinc-100 text-zinc-800 last:border-0 hover:bg-zinc-50"
                  >
                    <td className="h-10 px-3 pl-4 font-mono text-[13px] whitespace-nowrap text-zinc-500" title={job.id}>
                      {job.id.slice(0, 8)}
                    </td>
                    <td className="h-10 px-3 whitespace-nowrap text-zinc-700 tabular-nums">
                      {job.createdOn ? formatTimestamp(job.createdOn) : '—'}
                    </td>
                    <td
                      className="h-10 max-w-md truncate px-3 font-mono text-[13px] text-zinc-600 max-sm:hidden"
                      title={JSON.stringify(job.data)}
                    >
                      {job.data === undefined ? '—' : JSON.stringify(job.data)}
                    </td>
                    <td className="h-10 px-3 whitespace-nowrap">
                      <Progress value={job.progress} />
                    </td>
                    <td className="h-10 px-3 pr-4 whitespace-nowrap">
                      <StateBadge job={job} />
                    </td>
                  </tr>
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
