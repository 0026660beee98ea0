import { ExternalLink, Pencil, Plus, RefreshCw, Rocket } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { SwarmDeployResult, SwarmServiceRow } from '../../shared/api/swarms';
import { formatTime } from '../../shared/format';
import { EMPTY_LIST_TEXT } from '../../shared/rules/constants';
import { useAdmin } from '../core/AdminContext';
import { useEditController, type EditController } from '../core/edit/useEditController';
import { EditView } from '../edit/EditPage';
import { NotFound } from '../screens/NotFound';
import { Button, IconButton } from '../ui/Button';
import { ProgressButton } from '../ui/ProgressButton';
import { Spinner } from '../ui/Spinner';
import { NewServiceDialog } from './NewServiceDialog';
import { useSwarmServices, type SwarmServicesController } from './useSwarmServices';

const STATE_TONES: Record<string, string> = {
  running: 'bg-emerald-50 text-emerald-700',
  complete: 'bg-emerald-50 text-emerald-700',
  starting: 'bg-sky-50 text-sky-700',
  preparing: 'bg-sky-50 text-sky-700',
  pending: 'bg-amber-50 text-amber-800',
  assigned: 'bg-amber-50 text-amber-800',
  shutdown: 'bg-zinc-100 text-zinc-600',
  failed: 'bg-red-50 text-red-700',
  rejected: 'bg-red-50 text-red-700',
};

const ACTION_TONES: Record<SwarmDeployResult['action'], string> = {
  created: 'text-emerald-700',
  updated: 'text-emerald-700',
  failed: 'text-red-700',
};

function State({ value }: { value?: string }) {
  if (!value) return <span className="text-zinc-500">—</span>;
  return (
    <span
      data-testid="service-state"
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONES[value] ?? 'bg-zinc-100 text-zinc-700'}`}
    >
      {value}
    </span>
  );
}

/** A service the engine runs: its newest task's state and the running count; one it does not know: 'Not deployed'. */
function ServiceState({ row, configured }: { row: SwarmServiceRow; configured: boolean }) {
  if (!configured) return <span className="text-zinc-500">—</span>;
  if (!row.exists)
    return (
      <span
        data-testid="service-state"
        className="inline-flex rounded-full border border-dashed border-zinc-300 px-2 py-0.5 text-xs font-medium text-zinc-500"
      >
        Not deployed
      </span>
    );
  return (
    <>
      <State value={row.state} />
      <div className="mt-1 text-xs text-zinc-500 tabular-nums" data-testid="replicas">
        {row.running}/{row.desired} running
      </div>
    </>
  );
}

function ServiceRow({
  row,
  result,
  configured,
}: {
  row: SwarmServiceRow;
  result?: SwarmDeployResult;
  configured: boolean;
}) {
  return (
    <tr data-service={row.serviceName} className="border-b border-zinc-100 align-top last:border-0 hover:bg-zinc-50">
      <td className="px-3 py-2.5 pl-4">
        <div className="font-medium text-zinc-900">{row.name}</div>
        <div className="font-mono text-xs text-zinc-500">{row.serviceName}</div>
        {result && (
          <div data-testid="deploy-result" className={`mt-1 text-xs font-medium ${ACTION_TONES[result.action]}`}>
            {result.action}
            {result.retried ? ' (retried)' : ''}
            {result.error ? `: ${result.error}` : ''}
          </div>
        )}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <ServiceState row={row} configured={configured} />
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap max-md:hidden">
        <State value={row.desiredState} />
      </td>
      <td className="max-w-xs px-3 py-2.5 text-xs break-words text-red-700" data-testid="service-error">
        {row.error ?? <span className="text-zinc-500">—</span>}
      </td>
      <td className="px-3 py-2.5 text-xs whitespace-nowrap text-zinc-700 max-md:hidden">{row.node ?? '—'}</td>
      <td className="px-3 py-2 pr-4 text-right whitespace-nowrap">
        <Link
          to={`/_/configs/${row.configId}`}
          aria-label={`Edit ${row.name}`}
          title="Edit"
          className="inline-flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
        >
          <Pencil aria-hidden className="size-4" />
        </Link>
        {row.domain ? (
          <a
            href={`https://${row.domain}`}
            target="_blank"
            rel="noreferrer"
            aria-label={`View ${row.domain}`}
            title={row.domain}
            className="inline-flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
          >
            <ExternalLink aria-hidden className="size-4" />
          </a>
        ) : (
          <span className="inline-block size-8" />
        )}
      </td>
    </tr>
  );
}

/** The service list of a swarm with refresh and deploy (spec section 2 "Swarm detail"). */
export function SwarmServices({ swarm, swarmName }: { swarm: SwarmServicesController; swarmName: string }) {
  const { answer } = swarm;
  const [adding, setAdding] = useState(false);
  const results = new Map(swarm.lastDeploy?.results.map((result) => [result.configId, result]));
  const columns = 6;
  return (
    <section
      aria-label="Services"
      className="mx-auto mt-4 max-w-3xl overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 px-4 py-2.5">
        {/* Its own line on a phone, the buttons under it: beside them the status broke into a word per line. */}
        <div className="min-w-0 flex-1 basis-64">
          <h2 className="text-sm font-semibold text-zinc-900">Services</h2>
          <p className="text-xs text-zinc-500" data-testid="swarm-checked">
            {answer && !answer.configured
              ? 'No Docker engine configured (set DOCKER_HOST)'
              : answer
                ? `Docker engine · checked ${formatTime(answer.checkedAt, { seconds: true })} · refreshes every 30 s`
                : 'Docker engine'}
          </p>
        </div>
        <IconButton label="Refresh" onClick={swarm.refresh}>
          <RefreshCw aria-hidden className={`size-4 ${swarm.fetching ? 'animate-spin' : ''}`} />
        </IconButton>
        {swarm.configModel && (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" />
            NEW SERVICE
          </Button>
        )}
        <ProgressButton
          state={swarm.deployState}
          onClick={swarm.deploy}
          disabled={answer && !answer.configured}
          title={swarm.unsaved ? 'Saves your changes to the swarm, then deploys it' : undefined}
        >
          <Rocket aria-hidden className="size-4" />
          {swarm.unsaved ? 'SAVE & DEPLOY' : 'DEPLOY'}
        </ProgressButton>
      </header>
      {swarm.lastDeploy && (
        <p data-testid="deploy-status" className="border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-xs text-zinc-700">
          {swarm.lastDeploy.status}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" aria-busy={swarm.fetching}>
          <thead className="bg-zinc-50/95">
            <tr className="border-b border-zinc-200 text-left text-xs text-zinc-500">
              <th scope="col" className="h-9 px-3 pl-4 font-medium">
                Name
              </th>
              <th scope="col" className="h-9 px-3 font-medium">
                State
              </th>
              <th scope="col" className="h-9 px-3 font-medium max-md:hidden">
                Desired state
              </th>
              <th scope="col" className="h-9 px-3 font-medium">
                Error
              </th>
              <th scope="col" className="h-9 px-3 font-medium max-md:hidden">
                Node
              </th>
              <th scope="col" className="h-9 px-3 pr-4 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {swarm.loading ? (
              <tr>
                <td colSpan={columns} className="h-32 text-center">
                  <Spinner className="mx-auto size-6" />
                </td>
              </tr>
            ) : swarm.error ? (
              <tr>
                <td colSpan={columns} className="h-32 px-4 text-center text-red-700">
                  <span role="alert">{swarm.error}</span>
                </td>
              </tr>
            ) : !answer?.services.length ? (
              <tr>
                <td colSpan={columns} className="h-32 text-center text-zinc-500">
                  {EMPTY_LIST_TEXT}
                </td>
              </tr>
            ) : (
              answer.services.map((row) => (
                <ServiceRow
                  key={row.configId}
                  row={row}
                  result={results.get(row.configId)}
                  configured={answer.configured}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      {adding && swarm.configModel && (
        <NewServiceDialog
          model={swarm.configModel}
          swarmName={swarmName}
          onCreate={swarm.addService}
          onClose={() => setAdding(false)}
        />
      )}
    </section>
  );
}

function SavedSwarm({ id, edit }: { id: string; edit: EditController }) {
  const name = typeof edit.formData.name === 'string' ? edit.formData.name : '';
  return <SwarmServices swarm={useSwarmServices(id, edit)} swarmName={name} />;
}

function SwarmEdit({ id }: { id: string }) {
  const { registry } = useAdmin();
  const edit = useEditController(registry.model('swarm')!, id);
  return <EditView edit={edit}>{!edit.isNew && !edit.loading && <SavedSwarm id={id} edit={edit} />}</EditView>;
}

/** Route `/_/swarms/{id}`: the generic form plus the services on the engine. */
export default function SwarmPage() {
  const { id } = useParams();
  const { registry } = useAdmin();
  if (!id || !registry.model('swarm')) return <NotFound />;
  return <SwarmEdit key={id} id={id} />;
}
