import type {
  ClientTrackedTimeAnswer,
  DailyTrackedTimeAnswer,
  LastYearAnswer,
  MonthlyTransactionSummaryAnswer,
  OwnRevenueAnswer,
  RevenueAnswer,
} from '../../../shared/api/payment';
import { isObjectId } from '../../../shared/format/objectId';
import { zonedDay } from '../../../shared/format/zonedDays';
import { hasAccess, type Caller } from '../../access/caller';
import type { Database } from '../../db/database';
import { badRequest, forbidden, unauthorized } from '../../errors';
import { PaymentRepository } from './repository';

export const PAYMENT_PERMISSION = 'manage:payment';
const DAY_MS = 86_400_000;

export function assertPayment(caller: Caller, action: string): void {
  if (!caller.user && !caller.system) throw unauthorized(`Log in to ${action}`);
  if (!hasAccess(caller, PAYMENT_PERMISSION)) throw forbidden(`Not allowed to ${action}: needs ${PAYMENT_PERMISSION}`);
}

/** Year and month (1-12) of the business's calendar (Basel): at 00:30 on 1 January it is the new year there, not in UTC. */
function today(now: Date): { year: number; month: number } {
  const [year, month] = zonedDay(now).split('-').map(Number);
  return { year, month };
}

/** `year` of a query: a four-digit year, the current year when absent. */
function yearOf(value: unknown, now: Date): number {
  if (value === undefined || value === '') return today(now).year;
  const year = Number(value);
  if (!Number.isInteger(year) || year < 1970 || year > 2999) throw badRequest('year must be a year such as 2026');
  return year;
}
const yearRange = (year: number) => [`${year}-01-01`, `${year + 1}-01-01`] as const;
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

export interface PaymentReports {
  revenue(caller: Caller, year?: string): Promise<RevenueAnswer>;
  ownRevenue(caller: Caller, year?: string): Promise<OwnRevenueAnswer>;
  monthlyTransactionSummary(caller: Caller, year?: string): Promise<MonthlyTransactionSummaryAnswer>;
  lastYear(caller: Caller, year?: string): Promise<LastYearAnswer>;
  dailyTrackedTime(caller: Caller): Promise<DailyTrackedTimeAnswer>;
  clientTrackedTime(caller: Caller, client: string): Promise<ClientTrackedTimeAnswer>;
}

/** The payment reports of spec section 7 ("Payment"), computed in SQL (PaymentRepository). */
export function createPaymentReports(db: Database, clock: () => Date = () => new Date()): PaymentReports {
  const repo = new PaymentRepository(db);
  return {
    async revenue(caller, year) {
      assertPayment(caller, 'see revenue');
      const { income, expenses, tax } = await repo.revenue(...yearRange(yearOf(year, clock())));
      return { income, expenses, tax };
    },
    async ownRevenue(caller, year) {
      assertPayment(caller, 'see revenue');
      const { income, expenses, payout, tax } = await repo.revenue(...yearRange(yearOf(year, clock())));
      return { revenue: income - expenses, payout, tax };
    },
    async monthlyTransactionSummary(caller, year) {
      assertPayment(caller, 'see transactions');
      return repo.monthly(...yearRange(yearOf(year, clock())));
    },
    async lastYear(caller, year) {
      assertPayment(caller, 'see transactions');
      const now = clock();
      const rolling = year === undefined || year === '' || year === '-1';
      const first = rolling
        ? new Date(Date.UTC(today(now).year, today(now).month - 1 - 11, 1))
        : new Date(Date.UTC(yearOf(year, now), 0, 1));
      const months = Array.from({ length: 12 }, (_, i) =>
        monthKey(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1))),
      );
      const end = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 12, 1));
      const sums = await repo.incomeAndExpenses(`${months[0]}-01`, end.toISOString().slice(0, 10));
      return months.map((month) => ({ month, income: 0, expenses: 0, ...sums.get(month) }));
    },
    async dailyTrackedTime(caller) {
      assertPayment(caller, 'see tracked time');
      if (!caller.user) return [];
      const since = new Date(clock().getTime() - 7 * DAY_MS).toISOString();
      return repo.dailyTrackedTime(caller.user._id, since);
    },
    async clientTrackedTime(caller, client) {
      assertPayment(caller, 'see tracked time');
      if (!isObjectId(client)) throw badRequest('client must be 24 lowercase hex characters');
      return repo.clientTrackedTime(client);
    },
  };
}
