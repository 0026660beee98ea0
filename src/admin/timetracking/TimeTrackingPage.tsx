import { Play, ReceiptText, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { InvoiceFromTimeDialog } from '../actions/InvoiceFromTimeDialog';
import { EMPTY_LIST_TEXT } from '../../shared/rules/constants';
import { documentTitle } from '../../shared/admin/titles';
import { Button, IconButton } from '../ui/Button';
import { useDeleteConfirm } from '../ui/DeleteDialog';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { CappedStopNotice } from './CappedStopNotice';
import { DayBars } from './DayBars';
import { dayKey } from './days';
import { ENTRY_COLUMNS, EntryRow } from './EntryRow';
import { useTimeTrackingController, type TimeTrackingController } from './useTimeTrackingController';

const COLUMNS = ['Name', 'Client', 'Multiplier', 'Start', 'End'];

/** The time-tracking view: per-day bars and totals, the start button, and the caller's entries, live. */
export function TimeTrackingView({ tracking }: { tracking: TimeTrackingController }) {
  const confirm = useDeleteConfirm();
  const [invoicing, setInvoicing] = useState(false);
  useEffect(() => {
    document.title = documentTitle('Time tracking');
  }, []);
  return (
    <>
      <PageHeader
        title="Time tracking"
        subtitle="Rounded up to quarter hours"
        actions={
          tracking.allowed && (
            <>
              {tracking.canInvoice && (
                <Button onClick={() => setInvoicing(true)}>
                  <ReceiptText aria-hidden className="size-4" />
                  Create invoice
                </Button>
              )}
              <Button variant="primary" onClick={() => void tracking.start()} disabled={tracking.starting}>
                <Play className="size-3.5" fill="currentColor" />
                Start tracking
              </Button>
            </>
          )
        }
      />
      {!tracking.allowed ? (
        <p className="px-4 py-16 text-center text-[13px] text-zinc-500" data-testid="not-allowed">
          {`Time tracking needs the permission ${tracking.permission}; an administrator can give it to your role.`}
        </p>
      ) : (
        <div className="space-y-4 p-4 md:px-6">
          {tracking.error && (
            <div
              role="alert"
              className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-2.5 text-[13px] text-red-700"
            >
              <p className="flex-1 py-1">{tracking.error}</p>
              <IconButton label="Dismiss" onClick={tracking.dismissError} className="text-red-500 hover:bg-red-100">
                <X className="size-4" />
              </IconButton>
            </div>
          )}
          {tracking.capped && (
            <CappedStopNotice
              capped={tracking.capped}
              onCorrect={() => {
                const id = CSS.escape(tracking.capped!.id);
                const label = tracking.capped!.at === 'start' ? 'Start' : 'End';
                const field = document.querySelector<HTMLInputElement>(
                  `li[data-id="${id}"] input[aria-label=${label}]`,
                );
                field?.scrollIntoView({ block: 'center' });
                field?.focus();
              }}
              onDismiss={tracking.dismissCapped}
            />
          )}
          <DayBars days={tracking.days} total={tracking.weekTotal} today={dayKey(tracking.now)} />
          <section
            aria-label="Entries"
            className="overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs"
          >
            <div
              aria-hidden
              className={`grid ${ENTRY_COLUMNS} gap-x-3 border-b border-zinc-200 bg-zinc-50/95 px-4 py-2 text-[13px] font-medium text-zinc-500 max-xl:hidden`}
            >
              {COLUMNS.map((column) => (
                <span key={column}>{column}</span>
              ))}
              <span className="pr-[4.5rem] text-right">Duration</span>
            </div>
            {tracking.loading ? (
              <div className="flex h-40 items-center justify-center">
                <Spinner className="size-6" />
              </div>
            ) : tracking.entries.length === 0 ? (
              <p className="flex h-40 items-center justify-center text-[13px] text-zinc-500" data-testid="empty">
                {EMPTY_LIST_TEXT}
              </p>
            ) : (
              <ul data-testid="entries">
                {tracking.entries.map((entry) => (
                  <EntryRow
                    key={entry._id}
                    entry={entry}
                    now={tracking.now}
                    clients={tracking.clients}
                    otherClients={tracking.otherClients}
                    invoiceRoute={tracking.invoiceRoute}
                    toCorrect={
                      tracking.capped?.id === entry._id ? (tracking.capped.at === 'start' ? 'start' : 'end') : undefined
                    }
                    fieldError={tracking.fieldError?.id === entry._id ? tracking.fieldError : undefined}
                    onUpdate={(patch, options) => void tracking.update(entry, patch, options)}
                    onStop={() => void tracking.stop(entry)}
                    onDelete={(event) =>
                      confirm.request(event, entry.name ? `“${entry.name}”` : 'this entry', () =>
                        tracking.remove(entry),
                      )
                    }
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      {confirm.dialog}
      {invoicing && <InvoiceFromTimeDialog onClose={() => setInvoicing(false)} />}
    </>
  );
}

/** Route `/_/timetracking`. */
export default function TimeTrackingPage() {
  return <TimeTrackingView tracking={useTimeTrackingController()} />;
}
