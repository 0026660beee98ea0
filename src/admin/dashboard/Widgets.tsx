import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../shared/format/money';
import { INVOICE_STATUS_COLOR } from '../../shared/rules/invoiceStatus';
import { EMPTY_LIST_TEXT } from '../../shared/rules/constants';
import { DayBars } from '../timetracking/DayBars';
import { formatHours, type TrackedDay } from '../timetracking/days';
import { Card, Figure } from './Card';
import type { InvoiceSummary } from './invoiceSummary';
import { MonthlyChart, type MonthFigures } from './MonthlyChart';

/** What Expenses sums (server: payment/repository.ts): business costs, not payouts, tax or AHV. */
export const EXPENSES_HINT = 'Outgoing without a type';

/** Revenue of the year: income, expenses, tax and AHV (CHF, transaction amounts). */
export function RevenueCard({
  year,
  revenue,
}: {
  year: number;
  revenue: { income: number; expenses: number; tax: number };
}) {
  return (
    <Card title={`Revenue ${year}`} testId="revenue">
      <dl className="space-y-2">
        <Figure
          label="Income"
          value={formatMoney(revenue.income, 'CHF')}
          large
          tone="positive"
          testId="revenue-income"
        />
        <Figure
          label="Expenses"
          hint={EXPENSES_HINT}
          value={formatMoney(revenue.expenses, 'CHF')}
          testId="revenue-expenses"
        />
        <Figure label="Tax and AHV" value={formatMoney(revenue.tax, 'CHF')} testId="revenue-tax" />
      </dl>
    </Card>
  );
}

/** Own revenue of the year: income minus expenses, payouts, tax and AHV. */
export function OwnRevenueCard({ year, own }: { year: number; own: { revenue: number; payout: number; tax: number } }) {
  return (
    <Card title={`Own revenue ${year}`} testId="own-revenue">
      <dl className="space-y-2">
        <Figure
          label="Revenue"
          value={formatMoney(own.revenue, 'CHF')}
          large
          tone={own.revenue < 0 ? 'negative' : 'default'}
          testId="own-revenue-revenue"
        />
        <Figure label="Payout" value={formatMoney(own.payout, 'CHF')} testId="own-revenue-payout" />
        <Figure label="Tax and AHV" value={formatMoney(own.tax, 'CHF')} testId="own-revenue-tax" />
      </dl>
    </Card>
  );
}

const DOT = { red: 'bg-red-500', yellow: 'bg-amber-400', green: 'bg-emerald-500' } as const;

/**
 * Open invoices and the overdue ones among them (open, older than 336 hours: red), with what the clients
 * owe (VAT included when it is charged, as on the invoices' PDFs).
 */
export function InvoicesCard({ summary, capped }: { summary: InvoiceSummary; capped: boolean }) {
  const pending = {
    count: summary.open.count - summary.overdue.count,
    sum: Math.round((summary.open.sum - summary.overdue.sum) * 100) / 100,
  };
  const rows = [
    { key: 'overdue', label: 'Overdue', tally: summary.overdue, color: INVOICE_STATUS_COLOR.overdue },
    { key: 'pending', label: 'Pending', tally: pending, color: INVOICE_STATUS_COLOR.pending },
  ] as const;
  return (
    <Card
      title="Open invoices"
      testId="invoices"
      action={
        <Link
          to={`/_/invoices?f.status=${encodeURIComponent('"open"')}`}
          className="inline-flex items-center gap-1 text-xs font-medium text-accent-700 hover:underline"
        >
          Show <ArrowRight aria-hidden className="size-3" />
        </Link>
      }
    >
      <dl className="space-y-2">
        <Figure
          label={`${summary.open.count}${capped ? '+' : ''} open${summary.withVat ? ', incl. VAT' : ''}`}
          value={formatMoney(summary.open.sum, 'EUR')}
          large
          testId="invoices-open"
        />
        {rows.map((row) => (
          <div key={row.key} className="flex items-baseline justify-between gap-3" data-testid={`invoices-${row.key}`}>
            <dt className="inline-flex items-center gap-2 text-[13px] text-zinc-500">
              <span className={`size-2 rounded-full ${DOT[row.color]}`} aria-hidden />
              <span data-testid="count">{row.tally.count}</span> {row.label.toLowerCase()}
            </dt>
            <dd
              className={`text-[13px] font-semibold tabular-nums ${row.key === 'overdue' && row.tally.count > 0 ? 'text-red-600' : 'text-zinc-900'}`}
              data-testid="sum"
            >
              {formatMoney(row.tally.sum, 'EUR')}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** Income and expenses per month of the year. */
export function MonthlyCard({ year, months }: { year: number; months: MonthFigures[] }) {
  return (
    <Card title={`Income and expenses ${year}`} testId="monthly" className="lg:col-span-2">
      <MonthlyChart months={months} />
    </Card>
  );
}

/** Tracked time per day of the last 7 days, with the hours per client. */
export function TrackedTimeCard({
  days,
  clients,
  today,
}: {
  days: TrackedDay[];
  clients: { client: string; hours: number }[];
  today: string;
}) {
  const total = days.reduce((sum, day) => sum + day.hours, 0);
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="tracked-time">
      <DayBars days={days} total={total} today={today} title="Tracked time, last 7 days" />
      {clients.length > 0 && (
        <ul className="space-y-1 rounded-lg border border-zinc-200 bg-white px-4 py-3 text-[13px] shadow-xs">
          {clients.map((row) => (
            <li key={row.client} className="flex justify-between gap-3">
              <span className="truncate text-zinc-600">{row.client}</span>
              <span className="font-medium text-zinc-900 tabular-nums">{formatHours(row.hours)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** How often each redirect was followed, most first. */
export function RedirectsCard({ rows }: { rows: { name: string; from: string; to: string; count: number }[] }) {
  return (
    <Card title="Redirects" testId="redirects">
      {rows.length === 0 ? (
        <p className="py-6 text-center text-[13px] text-zinc-500">{EMPTY_LIST_TEXT}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 text-[13px]">
          {rows.map((row) => (
            <li key={`${row.from}`} className="flex items-center gap-3 py-1.5" data-testid="redirect-row">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-zinc-800">{row.name}</p>
                <p className="truncate text-xs text-zinc-500">
                  {row.from} → {row.to}
                </p>
              </div>
              <span className="font-semibold text-zinc-900 tabular-nums">{row.count}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
