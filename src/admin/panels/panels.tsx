import type { ComponentType } from 'react';
import type { ModelInfo } from '../../shared/registry';
import type { AdminPanelName } from '../../shared/vocabulary';
import { useAdmin } from '../core/AdminContext';
import { canAccess } from '../core/access';
import { usePaymentReport } from '../core/data/reportsApi';
import { trackedMonths } from './trackedMonths';

/** What a panel gets: the saved document it reports on. */
export interface PanelProps {
  id: string;
}

/** "Tracked time": the client's hours per month; nothing while loading or when no time was tracked for it. */
function ClientTrackedTimePanel({ id }: PanelProps) {
  const { data, error } = usePaymentReport('getClientTrackedTime', { client: id });
  const months = data ? trackedMonths(data) : [];
  if (!error && months.length === 0) return null;
  return (
    <section
      aria-label="Tracked time"
      className="mx-auto mt-4 max-w-3xl rounded-lg border border-zinc-200 bg-white p-4 shadow-xs md:px-6"
    >
      <h2 className="text-sm font-semibold text-zinc-900">Tracked time</h2>
      {error ? (
        <p role="alert" className="mt-1 text-[13px] text-red-700">
          {error.message || 'Tracked time could not be loaded'}
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_max-content] gap-x-6 gap-y-1.5 text-[13px]">
          {months.map((month) => (
            <div key={month.key} className="contents" data-month={month.key}>
              <dt className="text-zinc-700">{month.label}</dt>
              <dd className="text-right text-zinc-900 tabular-nums">{month.hours}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The component of each panel a schema may name (`x-admin.panels`); a missing one fails to compile. */
const PANELS = {
  clientTrackedTime: ClientTrackedTimePanel,
} satisfies Record<AdminPanelName, ComponentType<PanelProps>>;

/** The model's report panels for a saved document that the caller may see (the server checks again). */
export function ModelPanels({ model, id }: { model: ModelInfo; id: string }) {
  const { permissions } = useAdmin();
  return (
    <>
      {model.panels
        .filter((panel) => canAccess(permissions, panel.permission))
        .map((panel) => {
          const Panel = PANELS[panel.panel];
          return <Panel key={panel.panel} id={id} />;
        })}
    </>
  );
}
