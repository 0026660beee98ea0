import { useEffect } from 'react';
import { documentTitle } from '../../shared/admin/titles';
import { PageHeader } from '../ui/PageHeader';
import { useDashboardController, type DashboardController } from './useDashboardController';
import { InvoicesCard, MonthlyCard, OwnRevenueCard, RedirectsCard, RevenueCard, TrackedTimeCard } from './Widgets';

/** The dashboard view: the widgets the caller's permissions allow (spec section 6). */
export function DashboardView({ dashboard }: { dashboard: DashboardController }) {
  const { show } = dashboard;
  useEffect(() => {
    document.title = documentTitle('Home');
  }, []);
  return (
    <>
      <PageHeader
        title="Home"
        subtitle={`Welcome back, ${dashboard.userName}`}
        actions={
          show.payment && (
            <label className="flex items-center gap-2">
              <span className="text-[13px] text-zinc-500 max-sm:sr-only">Year</span>
              <select
                aria-label="Year"
                value={dashboard.year}
                onChange={(event) => dashboard.setYear(Number(event.target.value))}
                className="h-8 rounded-md border border-zinc-300 bg-white pr-7 pl-2.5 text-[13px] text-zinc-800 shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none"
              >
                {dashboard.years.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
            </label>
          )
        }
      />
      <div className="grid gap-4 p-4 md:px-6 lg:grid-cols-3">
        {show.payment && (
          <>
            <RevenueCard year={dashboard.year} revenue={dashboard.revenue} />
            <OwnRevenueCard year={dashboard.year} own={dashboard.own} />
            <InvoicesCard summary={dashboard.invoices} capped={dashboard.invoicesCapped} />
            <MonthlyCard year={dashboard.year} months={dashboard.months} />
            <TrackedTimeCard
              days={dashboard.tracked.days}
              clients={dashboard.tracked.clients}
              today={dashboard.today}
            />
          </>
        )}
        {show.cms && <RedirectsCard rows={dashboard.redirects} />}
        {!show.payment && !show.cms && (
          <p className="py-16 text-center text-[13px] text-zinc-500 lg:col-span-3" data-testid="no-widgets">
            Use the navigation to get to your work.
          </p>
        )}
      </div>
    </>
  );
}

/** Route `/_`. */
export default function DashboardPage() {
  return <DashboardView dashboard={useDashboardController()} />;
}
