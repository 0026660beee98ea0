import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DAY_MS } from '../../shared/format/date';
import { OPTION_LIMIT, TRACKED_TIME } from '../../shared/rules/constants';
import {
  durationHours,
  FUTURE_START_MESSAGE,
  spanRefusal,
  type SpanField,
  startsInFuture,
  stopAt,
} from '../../shared/rules/trackedTime';
import { useAdmin } from '../core/AdminContext';
import { canAccess } from '../core/access';
import { useFindQuery, useRemoveMutation, useSaveMutation } from '../core/data/api';
import type { ApiFailure, Doc, RequestOptions } from '../core/data/types';
import { dailyTotals } from './days';

/** A tracked-time entry as the screen reads it (schemas/models/tracked-time.schema.json). */
export interface TrackedEntry extends Doc {
  start: string;
  end?: string | null;
  name?: string;
  user?: string;
  client?: string;
  multiplier?: number;
  duration?: number;
  /** The invoice it was billed on: populated (`id` is the invoice's number), or its key alone. */
  invoice?: string | { _id: string; id?: number; name?: string };
}

/** The invoice an entry was billed on (key and number), or undefined while it is not billed. */
export function billedOn(entry: TrackedEntry): { _id: string; id?: number } | undefined {
  const invoice = entry.invoice;
  if (!invoice) return undefined;
  return typeof invoice === 'string' ? { _id: invoice } : invoice;
}

/** The fields the screen edits; `null` clears a field (end: running again; client: none). */
export interface EntryPatch {
  start?: string;
  end?: string | null;
  name?: string;
  client?: string | null;
  multiplier?: number;
}

/**
 * A timer stopped at a bound rather than now: at the limit (it ran longer than an entry may last), or
 * at its start (its start still lay ahead). What the screen tells the user, so they can correct it.
 */
export interface CappedStop {
  id: string;
  name: string;
  /** Which bound: `limit` is start + MAX_ENTRY_HOURS, `start` the entry's own start (0 h). */
  at: 'limit' | 'start';
  /** Hours it had run when stopped. */
  ran: number;
  /** The end it got. */
  end: string;
}

/** A start or end the server (or the same rule here) refused, said at that field of its entry. */
export interface FieldError {
  id: string;
  field: 'start' | 'end';
  message: string;
}

const HOUR_MS = 3_600_000;

/** The Start and End of an edit (the span the server checks). */
const pickSpan = ({ start, end }: EntryPatch): Pick<EntryPatch, 'start' | 'end'> => ({
  ...(start !== undefined ? { start } : {}),
  ...(end !== undefined ? { end } : {}),
});

/** Why the server would refuse `entry` changed by `patch` for its Start or End, if it would, said of `changed`. */
function spanProblem(entry: TrackedEntry, patch: EntryPatch, changed: SpanField): string | undefined {
  const runs = patch.end === null || (patch.end === undefined && !entry.end);
  if (patch.start !== undefined && runs && startsInFuture(patch.start, Date.now())) return FUTURE_START_MESSAGE;
  return spanRefusal(patch.start ?? entry.start, patch.end !== undefined ? patch.end : entry.end, changed);
}

/** The message of a failed call (RTK Query rejects `unwrap()` with the ApiFailure itself). */
export const messageOf = (failure: unknown) => (failure as Partial<ApiFailure> | undefined)?.message ?? String(failure);

/** The current time, re-read every `intervalMs` (the running entry's ticker). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The time-tracking screen's logic (spec sections 2, 4, 7 and 9): the caller's entries that started
 * within the last 7 days (at most 200, newest first, refetched every second), the clients to pick
 * from, per-day totals, and the writes (start, stop, field edits, delete) through the document API.
 */
export function useTimeTrackingController() {
  const { user, registry, permissions } = useAdmin();
  const model = registry.model('trackedTime');
  // Spec section 6: time tracking belongs to manage:payment; without it the screen says so instead of failing calls.
  const allowed = model !== undefined && canAccess(permissions, model.permission.create);
  const now = useNow(TRACKED_TIME.refreshMs);
  // The window's lower bound moves once an hour, so the query (and its cache entry) stays the same in between.
  const hour = Math.floor(now / HOUR_MS);
  const since = useMemo(() => new Date(hour * HOUR_MS - TRACKED_TIME.days * DAY_MS).toISOString(), [hour]);
  const entries = useFindQuery(
    {
      model: 'trackedTime',
      params: {
        query: { user: user._id, start: { $gte: since } },
        sort: { start: -1 },
        limit: TRACKED_TIME.limit,
        // Billed entries show their invoice's number (and are read-only).
        ...(registry.model('invoice') ? { populate: ['invoice'] } : {}),
      },
    },
    { pollingInterval: TRACKED_TIME.refreshMs, skip: !allowed },
  );
  const canSeeClients = registry.model('client') !== undefined;
  const clients = useFindQuery(
    { model: 'client', params: { sort: { name: 1 }, limit: OPTION_LIMIT } },
    { skip: !allowed || !canSeeClients },
  );
  const list = useMemo(() => (entries.data?.results ?? []) as TrackedEntry[], [entries.data]);
  // Clients the entries name that the options do not hold (deleted since, or past the option limit): by name.
  const missing = useMemo(() => {
    const listed = new Set((clients.data?.results ?? []).map((client) => client._id));
    const ids = list.map((entry) => entry.client).filter((id): id is string => !!id && !listed.has(id));
    return [...new Set(ids)].sort();
  }, [list, clients.data]);
  const others = useFindQuery(
    {
      model: 'client',
      params: { query: { _id: { $in: missing } }, deleted: true, fields: ['name'], limit: missing.length },
    },
    { skip: !allowed || !canSeeClients || !clients.data || missing.length === 0 },
  );
  const otherClients = useMemo(
    () =>
      Object.fromEntries(
        (others.data?.results ?? []).map((client) => [
          client._id,
          `${typeof client.name === 'string' ? client.name : client._id}${client._deletedAt ? ' (deleted)' : ''}`,
        ]),
      ),
    [others.data],
  );
  const [saveDoc] = useSaveMutation();
  const [removeDoc] = useRemoveMutation();
  const [error, setError] = useState<string>();
  const [capped, setCapped] = useState<CappedStop>();
  const [fieldError, setFieldError] = useState<FieldError>();
  // The Start or End last refused (an entry moved to another day is refused whichever is typed first: the
  // span is negative or longer than a day until both are): kept to be saved with the other one.
  const refusedSpan = useRef<{ id: string; patch: Pick<EntryPatch, 'start' | 'end'> }>(undefined);
  // One tap, one timer: "Start tracking" waits for its save (a double tap started two).
  const [starting, setStarting] = useState(false);
  const startingNow = useRef(false);

  const days = useMemo(() => dailyTotals(list, now, TRACKED_TIME.days), [list, now]);
  // The header's total is the sum of the bars shown (the query's window reaches a little further back).
  const weekTotal = useMemo(() => days.reduce((sum, day) => sum + day.hours, 0), [days]);
  const clientOptions = useMemo(
    () =>
      (clients.data?.results ?? []).map((client) => ({
        value: client._id,
        label: typeof client.name === 'string' ? client.name : client._id,
      })),
    [clients.data],
  );

  const write = useCallback(
    async (doc: Record<string, unknown>, options: RequestOptions = {}) => {
      try {
        const saved = await saveDoc({ model: 'trackedTime', doc, ...options }).unwrap();
        setError(undefined);
        setFieldError((current) => (current?.id === doc._id ? undefined : current));
        return saved;
      } catch (failure) {
        // A refused Start or End is said at that field of the entry, anything else above the list.
        const fields = (failure as Partial<ApiFailure> | undefined)?.fields ?? {};
        const field = (['start', 'end'] as const).find((name) => fields[name] !== undefined);
        if (field && typeof doc._id === 'string') setFieldError({ id: doc._id, field, message: messageOf(failure) });
        else setError(messageOf(failure));
        return undefined;
      }
    },
    [saveDoc],
  );

  /**
   * Ends a running entry now; at the limit when it ran longer than an entry may last, at its start when
   * that still lies ahead (never refused).
   */
  const stopEntry = useCallback(
    async (entry: TrackedEntry, at: number) => {
      const stop = stopAt(entry.start, at);
      const saved = await write({ _id: entry._id, end: stop.end });
      if (saved && stop.at !== 'now')
        setCapped({
          id: entry._id,
          name: entry.name ?? '',
          at: stop.at,
          ran: durationHours(entry.start, null, at),
          end: stop.end,
        });
      return saved;
    },
    [write],
  );
  const forget = (entry: TrackedEntry) => setCapped((current) => (current?.id === entry._id ? undefined : current));

  return {
    allowed,
    /**
     * The permission the screen needs (said when it is missing): as the model's schema names it, or, when the
     * server sent no schema of it (it does so only to those who may use it), spec section 6's.
     */
    permission: model?.permission.create ?? 'manage:payment',
    /** "Create invoice" (issue 10): needs manage:payment and the clients to bill. */
    canInvoice: allowed && canSeeClients && canAccess(permissions, 'manage:payment'),
    entries: list,
    days,
    weekTotal,
    now,
    clients: clientOptions,
    /** Where a billed entry's invoice opens: `${invoiceRoute}/{id}`. */
    invoiceRoute: registry.model('invoice')?.route ?? '/_/invoices',
    /** Names of the entries' clients that are not among `clients`, by id. */
    otherClients: otherClients as Record<string, string>,
    loading: entries.isLoading,
    error: error ?? (entries.error ? messageOf(entries.error) : undefined),
    dismissError: () => setError(undefined),
    /** The last timer Stop ended at a bound instead of now, until dismissed or its Start or End is edited. */
    capped,
    dismissCapped: () => setCapped(undefined),
    /** A refused Start or End, said at the field, until that entry saves or the field is edited again. */
    fieldError,
    /** Whether "Start tracking" is saving (the button is disabled meanwhile). */
    starting,
    /**
     * A new entry starting now with an empty name (spec section 4). As in Toggl, one timer runs at a
     * time: a running entry is stopped at the same instant first (at the limit, if it ran longer than
     * an entry may last); if that fails, nothing new starts.
     */
    start: async () => {
      if (startingNow.current) return undefined;
      startingNow.current = true;
      setStarting(true);
      try {
        const at = Date.now();
        for (const entry of list.filter((item) => !item.end)) {
          if (!(await stopEntry(entry, at))) return undefined;
        }
        return await write({ start: new Date(at).toISOString(), name: '', user: user._id, multiplier: 1 });
      } finally {
        startingNow.current = false;
        setStarting(false);
      }
    },
    /**
     * Stop sets end to now; a timer left running longer than an entry may last ends at the limit
     * (start + MAX_ENTRY_HOURS, the server refuses more), one whose start lies ahead at its start, and
     * `capped` says so.
     */
    stop: (entry: TrackedEntry) => stopEntry(entry, Date.now()),
    /**
     * `options.keepalive`: the save outlives the page (a name, start or end typed and saved as the page is hidden
     * or closed).
     */
    update: async (entry: TrackedEntry, edit: EntryPatch, options?: RequestOptions) => {
      const spanEdit = edit.end !== undefined || edit.start !== undefined;
      // The Start or End corrected after a stop at a bound: the notice has done its job.
      if (spanEdit) forget(entry);
      // A Start or End refused before goes with this edit of the other one when this one alone would be refused
      // too and both together are not: an entry moved to the night before takes its new Start and End in turn.
      const kept = spanEdit && refusedSpan.current?.id === entry._id ? refusedSpan.current.patch : undefined;
      const both = { ...kept, ...edit };
      const field = edit.end !== undefined ? 'end' : 'start';
      const patch = kept && spanProblem(entry, edit, field) && !spanProblem(entry, both, field) ? both : edit;
      // The server's rules, checked here first so a start typed ahead, an end before the start or a span longer
      // than an entry may last is said at the field just edited (and of it) at once, and nothing is sent.
      const problem = spanEdit ? spanProblem(entry, patch, field) : undefined;
      if (problem) {
        refusedSpan.current = { id: entry._id, patch: { ...kept, ...pickSpan(edit) } };
        setFieldError({ id: entry._id, field, message: problem });
        return undefined;
      }
      const saved = await write({ _id: entry._id, ...patch }, options);
      if (spanEdit) refusedSpan.current = saved ? undefined : { id: entry._id, patch: { ...kept, ...pickSpan(edit) } };
      return saved;
    },
    /** Deletes; a refusal (billed meanwhile, the network gone) rejects with its message, which the delete dialog shows. */
    remove: async (entry: TrackedEntry) => {
      try {
        await removeDoc({ model: 'trackedTime', id: entry._id }).unwrap();
      } catch (failure) {
        throw new Error(messageOf(failure));
      }
      forget(entry);
      setError(undefined);
    },
  };
}

export type TimeTrackingController = ReturnType<typeof useTimeTrackingController>;
