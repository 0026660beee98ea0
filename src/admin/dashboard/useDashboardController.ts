import { useMemo, useState } from 'react';
import { OPTION_LIMIT, TRACKED_TIME } from '../../shared/rules/constants';
import type { VatSettings } from '../../shared/rules/vat';
import { useAdmin } from '../core/AdminContext';
import { canAccess } from '../core/access';
import { useFindQuery } from '../core/data/api';
import { useRedirectStatsQuery } from '../core/data/pages';
import { usePaymentReport } from '../core/data/reportsApi';
import { dayKey, lastDays, type TrackedDay } from '../timetracking/days';
import { summarizeInvoices } from './invoiceSummary';
import type { MonthFigures } from './MonthlyChart';

const ZERO_REVENUE = { income: 0, expenses: 0, tax: 0 };
const ZERO_OWN = { revenue: 0, payout: 0, tax: 0 };
const REDIRECT_ROWS = 8;
const YEARS_BACK = 5;

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The twelve months of a year, each with its figures or zero (a report may skip months without bookings). */
export function monthsOfYear(year: number, rows: readonly Partial<MonthFigures>[] | undefined): MonthFigures[] {
  const byMonth = new Map((rows ?? []).map((row) => [row.month, row]));
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    const row = byMonth.get(month);
    return { month, income: finite(row?.income), expenses: finite(row?.expenses) };
  });
}

/** Tracked hours per day of the last days and per client, from the daily report rows. */
export function trackedDays(
  rows: readonly { day: string; duration: number; client?: string | null }[] | undefined,
  now: number,
): { days: TrackedDay[]; clients: { client: string; hours: number }[] } {
  const days = new Map(lastDays(now, TRACKED_TIME.days).map((day) => [day, 0]));
  const clients = new Map<string, number>();
  for (const row of rows ?? []) {
    const hours = finite(row.duration);
    const day = days.get(row.day);
    if (day === undefined) continue;
    days.set(row.day, day + hours);
    const client = row.client || 'No client';
    clients.set(client, (clients.get(client) ?? 0) + hours);
  }
  return {
    days: [...days].map(([day, hours]) => ({ day, hours })),
    clients: [...clients]
      .map(([client, hours]) => ({ client, hours }))
      .sort((a, b) => b.hours - a.hours || a.client.localeCompare(b.client, 'de')),
  };
}

/**
 * The dashboard's logic (spec sections 2, 6, 8): each widget only with its permission; a report that
 * fails falls back silently to zero or empty data, so one broken report never hides the others.
 */
export function useDashboardController() {
  const { permissions, user } = useAdmin();
  const payment = canAccess(permissions, 'manage:payment');
  const cms = canAccess(permissions, 'manage:cms');
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [now] = useState(() => Date.now());

  const revenue = usePaymentReport('revenue', { year }, { skip: !payment });
  const own = usePaymentReport('ownRevenue', { year }, { skip: !payment });
  const months = usePaymentReport('lastYear', { year }, { skip: !payment });
  const tracked = usePaymentReport('getDailyTrackedTime', {}, { skip: !payment });
  const invoices = useFindQuery(
    { model: 'invoice', params: { query: { status: 'open' }, sort: { date: 1 }, limit: OPTION_LIMIT } },
    { skip: !payment },
  );
  // Payments already received for them (partial payments of the bank import) come off what is owed.
  const openIds = useMemo(() => (invoices.data?.results ?? []).map((invoice) => invoice._id), [invoices.data]);
  const payments = useFindQuery(
    {
      model: 'transaction',
      params: { query: { direction: 'incoming', invoice: { $in: openIds } }, limit: OPTION_LIMIT },
    },
    { skip: !payment || openIds.length === 0 },
  );
  // The billing settings decide the VAT a client owes on top of an invoice's (net) total.
  const siteConfig = useFindQuery(
    { model: 'siteConfig', params: { limit: 1, sort: { _createdAt: 1 } } },
    { skip: !payment },
  );
  const redirects = useRedirectStatsQuery(undefined, { skip: !cms });

  const invoiceList = invoices.data?.results;
  const billing = siteConfig.data?.results[0]?.billing as VatSettings | undefined;
  const paymentList = openIds.length ? payments.data?.results : undefined;
  const invoiceSummary = useMemo(
    () => summarizeInvoices(invoiceList ?? [], now, billing, paymentList),
    [invoiceList, now, billing, paymentList],
  );
  const redirectRows = useMemo(
    () =>
      (Array.isArray(redirects.data) ? redirects.data : [])
        .map((row) => ({
          name: row.redirect?.name ?? '',
          from: row.redirect?.from ?? '',
          to: row.redirect?.to ?? '',
          count: finite(row.count),
        }))
        .sort((a, b) => b.count - a.count)
        .slice(0, REDIRECT_ROWS),
    [redirects.data],
  );

  return {
    userName: user.firstName || user.login,
    year,
    years: Array.from({ length: YEARS_BACK }, (_, i) => thisYear - i),
    setYear,
    today: dayKey(now),
    show: { payment, cms },
    revenue: { ...ZERO_REVENUE, ...(revenue.error ? {} : revenue.data) },
    own: { ...ZERO_OWN, ...(own.error ? {} : own.data) },
    months: monthsOfYear(year, months.error || !Array.isArray(months.data) ? [] : months.data),
    tracked: trackedDays(tracked.error || !Array.isArray(tracked.data) ? [] : tracked.data, now),
    invoices: invoiceSummary,
    invoicesCapped: (invoiceList?.length ?? 0) >= OPTION_LIMIT,
    redirects: redirectRows,
  };
}

export type DashboardController = ReturnType<typeof useDashboardController>;
