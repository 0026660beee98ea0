import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { OPTION_LIMIT } from '../../shared/rules/constants';
import { useAdmin } from '../core/AdminContext';
import { useFindQuery } from '../core/data/api';
import { useInvoiceFromTimeMutation } from '../core/data/reportsApi';
import type { ApiFailure } from '../core/data/types';
import { billable, businessDay, overlaps, periodProblem, previousMonth, startBounds, type Period } from './period';

/** The server takes at most this many entries into one invoice; the preview reads as many. */
const ENTRY_LIMIT = 500;

/**
 * "Create invoice" (issue 10, item 4): a client and a period (default: the previous calendar month),
 * what the period holds that is not yet invoiced, and the call that turns it into an open invoice and
 * opens it. The server's refusal (no hourly rate, nothing to invoice) stays in the dialog.
 */
export function useInvoiceFromTime(initialClient: string | undefined) {
  const { registry } = useAdmin();
  const navigate = useNavigate();
  const [client, setClient] = useState(initialClient ?? '');
  const [period, setPeriod] = useState<Period>(() => previousMonth(businessDay(Date.now())));
  const [error, setError] = useState<string>();
  const [create, creation] = useInvoiceFromTimeMutation();
  const problem = !client ? 'Choose a client' : periodProblem(period);

  const clients = useFindQuery(
    { model: 'client', params: { sort: { name: 1 }, limit: OPTION_LIMIT } },
    { skip: registry.model('client') === undefined },
  );
  const pending = useFindQuery(
    {
      model: 'trackedTime',
      params: {
        // A period with a day typed that cannot be read has no bounds (the query is skipped then).
        query: {
          client,
          ...(problem ? {} : { start: startBounds(period) }),
          end: { $ne: null },
          invoice: { $exists: false },
        },
        limit: ENTRY_LIMIT,
      },
    },
    { skip: problem !== undefined },
  );
  const options = useMemo(
    () =>
      (clients.data?.results ?? []).map((doc) => ({
        value: doc._id,
        label: typeof doc.name === 'string' ? doc.name : doc._id,
        hourlyRate: typeof doc.hourlyRate === 'number' ? doc.hourlyRate : undefined,
      })),
    [clients.data],
  );
  const hourlyRate = options.find((option) => option.value === client)?.hourlyRate;
  // The server refuses an invoice without a rate: known once the clients are loaded.
  const missingRate = Boolean(client) && clients.data !== undefined && !(hourlyRate !== undefined && hourlyRate > 0);
  const preview = useMemo(
    () =>
      pending.data && !pending.isFetching
        ? {
            ...billable(pending.data.results as { duration?: number; multiplier?: number }[], hourlyRate),
            overlaps: overlaps(pending.data.results as { _id: string; start: string; end?: string; user?: string }[]),
          }
        : undefined,
    [pending.data, pending.isFetching, hourlyRate],
  );

  async function submit() {
    if (problem) return;
    setError(undefined);
    try {
      const answer = await create({ client, ...period }).unwrap();
      const invoices = registry.model('invoice')?.route ?? '/_/invoices';
      navigate(`${invoices}/${answer.invoice}`);
      return answer;
    } catch (failure) {
      setError((failure as Partial<ApiFailure>).message ?? String(failure));
      return undefined;
    }
  }

  const edit =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(undefined);
    };
  return {
    client,
    setClient: edit(setClient),
    period,
    setPeriod: edit(setPeriod),
    clients: options,
    clientsLoading: clients.isLoading,
    /** Not yet invoiced entries of client and period (and where one person's overlap); undefined while unknown. */
    preview,
    hourlyRate,
    /** The chosen client has no hourly rate: nothing can be invoiced until it is set. */
    missingRate,
    problem,
    error,
    busy: creation.isLoading,
    submit,
  };
}

export type InvoiceFromTimeController = ReturnType<typeof useInvoiceFromTime>;
