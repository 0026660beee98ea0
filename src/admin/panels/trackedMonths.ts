import type { ClientTrackedTimeAnswer } from '../../shared/api/payment';
import { formatHours } from '../timetracking/days';

/** One month of a client's tracked time as its panel lists it. */
export interface TrackedMonth {
  /** `2024-03`: a stable key. */
  key: string;
  /** `March 2024`. */
  label: string;
  /** `12,50 h`: German style, as everywhere in the admin. */
  hours: string;
}

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The months of `GET /api/payment/getClientTrackedTime` (year, month 1–12, hours), newest first: the months
 * still being billed matter most. Months without hours are left out.
 */
export function trackedMonths(rows: ClientTrackedTimeAnswer): TrackedMonth[] {
  return rows
    .filter((row) => row.totalHours > 0)
    .sort((a, b) => b.year - a.year || b.month - a.month)
    .map((row) => ({
      key: `${row.year}-${String(row.month).padStart(2, '0')}`,
      label: monthName.format(new Date(Date.UTC(row.year, row.month - 1, 1))),
      hours: formatHours(row.totalHours),
    }));
}
