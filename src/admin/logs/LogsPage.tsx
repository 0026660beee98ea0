import { ArrowLeft, Download, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { documentTitle } from '../../shared/admin/titles';
import { formatTimestamp } from '../../shared/format';
import type { LogSession } from '../../shared/api/logging';
import { Button, IconButton } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { STICKY_HEAD, TableFrame } from '../ui/TableFrame';
import { formatDuration, formatKeyValue, worstKnock } from './channels';
import { GpsTrack } from './GpsTrack';
import { LogChart } from './LogChart';
import { TRACK_BOX, useLogsController, type LogsController } from './useLogsController';

const count = new Intl.NumberFormat('de-CH');

const TH = 'h-9 px-3 font-medium whitespace-nowrap';
const TD = 'h-10 px-3 whitespace-nowrap tabular-nums';

function SessionsTable({ logs }: { logs: LogsController }) {
  return (
    <TableFrame>
      <table className="w-full border-collapse text-sm" aria-busy={logs.fetching}>
        <thead className={`${STICKY_HEAD} bg-zinc-50/95`}>
          <tr className="border-b border-zinc-200 text-left text-zinc-500">
            <th scope="col" className={`${TH} pl-4`}>
              Date
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Duration
            </th>
            <th scope="col" className={TH}>
              VIN
            </th>
            <th scope="col" className={`${TH} text-right max-md:hidden`}>
              Frames
            </th>
            <th scope="col" className={`${TH} text-right max-lg:hidden`}>
              Max engine speed
            </th>
            <th scope="col" className={`${TH} text-right max-lg:hidden`}>
              Max boost
            </th>
            <th scope="col" className={`${TH} pr-4 text-right max-lg:hidden`}>
              Max knock
            </th>
          </tr>
        </thead>
        <tbody>
          {logs.loading ? (
            <tr>
              <td colSpan={7} className="h-48 text-center">
                <Spinner className="mx-auto size-6" />
              </td>
            </tr>
          ) : logs.sessions.length === 0 ? (
            <tr>
              <td colSpan={7} className="h-48 px-4 text-center text-zinc-500" data-testid="empty">
                {logs.error ?? (
                  <>
                    <span className="block font-medium text-zinc-700">No logs yet</span>
                    <span className="mt-1 block">
                      Sessions appear here once the diagnostics tool logs a car (frames of one VIN, a new session after
                      a minute without frames).
                    </span>
                  </>
                )}
              </td>
            </tr>
          ) : (
            logs.sessions.map((session) => (
              <tr
                key={session.id}
                data-id={session.id}
                className="cursor-pointer border-b border-zinc-100 text-zinc-800 last:border-0 hover:bg-zinc-50"
                onClick={() => logs.open(session.id)}
              >
                <td className={`${TD} pl-4`}>
                  <button
                    type="button"
                    className="font-medium text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
                    onClick={(event) => {
                      event.stopPropagation();
                      logs.open(session.id);
                    }}
                  >
                    {formatTimestamp(session.start)}
                  </button>
                </td>
                <td className={`${TD} text-right`}>{formatDuration(session.start, session.end)}</td>
                <td className={`${TD} font-mono text-[13px] text-zinc-600`}>{session.vin}</td>
                <td className={`${TD} text-right max-md:hidden`}>{count.format(session.frames)}</td>
                <td className={`${TD} text-right max-lg:hidden`}>
                  {formatKeyValue('engineSpeed', session.max.engineSpeed)}
                </td>
                <td className={`${TD} text-right max-lg:hidden`}>{formatKeyValue('map', session.max.map)}</td>
                <td className={`${TD} pr-4 text-right max-lg:hidden`}>
                  {formatKeyValue('knockCyl1', worstKnock(session))}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableFrame>
  );
}

function Facts({ session }: { session: LogSession }) {
  const facts: [string, string][] = [
    ['Start', formatTimestamp(session.start)],
    ['Duration', formatDuration(session.start, session.end)],
    ['Frames', count.format(session.frames)],
    ['Max engine speed', formatKeyValue('engineSpeed', session.max.engineSpeed)],
    ['Max boost pressure', formatKeyValue('map', session.max.map)],
    ['Max knock retard', formatKeyValue('knockCyl1', worstKnock(session))],
    ['Max GPS speed', formatKeyValue('speed', session.max.speed)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-[13px]">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-zinc-500">{label}</dt>
          <dd className="truncate text-zinc-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({ title, children, className = '' }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={`min-w-0 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs ${className}`}>
      <h2 className="mb-3 text-[13px] font-semibold text-zinc-900">{title}</h2>
      {children}
    </section>
  );
}

function SessionDetail({ logs }: { logs: LogsController }) {
  const { log } = logs;
  if (logs.error)
    return (
      <p role="alert" className="py-16 text-center text-[13px] text-red-600">
        {logs.error}
      </p>
    );
  if (!log)
    return (
      <div className="flex h-64 items-center justify-center">
        <Spinner className="size-6" />
      </div>
    );
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card title="Values over time" className="lg:col-span-3">
        <LogChart log={log} all={logs.channels} channels={logs.plotted} colors={logs.colors} />
        <fieldset className="mt-4 border-t border-zinc-100 pt-3">
          <legend className="sr-only">Channels</legend>
          <div className="grid grid-cols-1 gap-x-4 gap-y-1 min-[480px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
            {logs.channels.map((channel) => (
              <label
                key={channel.key}
                className="flex min-w-0 cursor-pointer items-center gap-2 rounded px-1 py-1 text-[13px] text-zinc-700 hover:bg-zinc-50"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-accent-600"
                  checked={logs.selected.includes(channel.key)}
                  onChange={() => logs.toggle(channel.key)}
                  data-channel={channel.key}
                />
                <span
                  className="size-2.5 shrink-0 rounded-sm"
                  style={{ background: logs.colors[channel.key] }}
                  aria-hidden
                />
                <span className="truncate">{channel.name}</span>
                {channel.unit && <span className="ml-auto shrink-0 text-xs text-zinc-500">{channel.unit}</span>}
              </label>
            ))}
          </div>
        </fieldset>
      </Card>
      <Card title="GPS track" className="lg:col-span-2">
        {logs.track ? (
          <GpsTrack track={logs.track} width={TRACK_BOX.width} height={TRACK_BOX.height} />
        ) : (
          <p className="py-12 text-center text-[13px] text-zinc-500" data-testid="no-track">
            This session has no GPS positions.
          </p>
        )}
      </Card>
      <Card title="Session">
        <Facts session={log.session} />
      </Card>
    </div>
  );
}

/** The Logs view: the logging sessions of the diagnostics tool, or the one opened with its chart and track. */
export function LogsView({ logs }: { logs: LogsController }) {
  useEffect(() => {
    document.title = documentTitle('Logs');
  }, []);
  const { session } = logs;
  return (
    <>
      <PageHeader
        title={
          logs.selectedId ? (
            <span className="flex items-center gap-2">
              <IconButton label="Back to all sessions" onClick={logs.close} className="-ml-2">
                <ArrowLeft className="size-4" />
              </IconButton>
              <span className="truncate">Logs</span>
            </span>
          ) : (
            'Logs'
          )
        }
        subtitle={
          logs.selectedId
            ? session && `${session.vin} · ${formatTimestamp(session.start)}`
            : `${count.format(logs.sessions.length)} logging ${logs.sessions.length === 1 ? 'session' : 'sessions'}`
        }
        actions={
          logs.selectedId ? (
            <Button
              onClick={() => void logs.exportCsv()}
              disabled={!session || logs.exporting}
              data-testid="export-csv"
            >
              {logs.exporting ? <Spinner className="size-3.5" /> : <Download className="size-3.5" aria-hidden />} CSV
            </Button>
          ) : (
            <div className="flex items-center gap-2">
              <IconButton label="Refresh" onClick={logs.refresh}>
                <RefreshCw className={`size-4 ${logs.fetching ? 'animate-spin' : ''}`} />
              </IconButton>
              {/* The tool is its own front end: a full page load, not a route of the admin. */}
              <a
                href="/_/simos-web"
                className="inline-flex h-8 items-center rounded-md border border-zinc-200 bg-white px-3 text-[13px] font-medium hover:bg-zinc-50"
              >
                Open the diagnostics tool
              </a>
            </div>
          )
        }
      />
      <div className="p-4 md:px-6">
        {logs.exportError && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-[13px] text-red-700">
            CSV export failed: {logs.exportError}
          </p>
        )}
        {logs.selectedId ? <SessionDetail logs={logs} /> : <SessionsTable logs={logs} />}
      </div>
    </>
  );
}

/** Route `/_/logs`. */
export default function LogsPage() {
  return <LogsView logs={useLogsController()} />;
}
