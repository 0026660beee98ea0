import type { Queryable } from '../../db/database';
import { sql, type Sql } from '../../db/sql';
import { table } from '../../db/tables';
import { DEFAULT_TIME_ZONE } from '../../../shared/format/date';

/** Hours of a tracked time row (stored duration, or up to now while running), rounded up to quarter hours. */
const QUARTER_HOURS = sql`ceil(coalesce((t.doc->>'duration')::numeric,
  extract(epoch FROM (coalesce(nullif(t.doc->>'end', '')::timestamptz, now()) - (t.doc->>'start')::timestamptz)) / 3600
) * 4 - 0.000001) / 4`;

const amount = sql`(doc->>'amount')::numeric`;
const outgoing = sql`doc->>'direction' = 'outgoing'`;
const num = (value: unknown) => Number(value ?? 0);

/**
 * The payment reports in SQL (GET /api/payment/...): sums over transactions and tracked times of
 * one year or period. Only not deleted rows count.
 */
export class PaymentRepository {
  constructor(private readonly q: Queryable) {}

  private inDates(from: string, to: string): Sql {
    return sql`deleted_at IS NULL AND doc->>'date' >= ${from} AND doc->>'date' < ${to}`;
  }

  async revenue(from: string, to: string): Promise<{ income: number; expenses: number; tax: number; payout: number }> {
    const { rows } = await this.q.query<Record<string, string | null>>(
      sql`SELECT
            sum(${amount}) FILTER (WHERE doc->>'direction' = 'incoming') AS income,
            sum(${amount}) FILTER (WHERE ${outgoing} AND coalesce(doc->>'type', '') = '') AS expenses,
            sum(${amount}) FILTER (WHERE ${outgoing} AND doc->>'type' IN ('tax', 'ahv')) AS tax,
            sum(${amount}) FILTER (WHERE ${outgoing} AND doc->>'type' IN ('payout', 'payout_third_pillar_tax_free')) AS payout
          FROM ${table('transaction')} WHERE ${this.inDates(from, to)}`,
    );
    const row = rows[0] ?? {};
    return { income: num(row.income), expenses: num(row.expenses), tax: num(row.tax), payout: num(row.payout) };
  }

  /** Sums per month (`YYYY-MM`) and direction. */
  async monthly(
    from: string,
    to: string,
  ): Promise<{ month: string; direction: 'incoming' | 'outgoing'; sum: number }[]> {
    const { rows } = await this.q.query<{ month: string; direction: 'incoming' | 'outgoing'; sum: string }>(
      sql`SELECT left(doc->>'date', 7) AS month, doc->>'direction' AS direction, sum(${amount}) AS sum
          FROM ${table('transaction')} WHERE ${this.inDates(from, to)} AND doc->>'direction' IN ('incoming', 'outgoing')
          GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    return rows.map((row) => ({ month: row.month, direction: row.direction, sum: num(row.sum) }));
  }

  /** Income and expenses (outgoing without a type) per month. */
  async incomeAndExpenses(from: string, to: string): Promise<Map<string, { income: number; expenses: number }>> {
    const { rows } = await this.q.query<{ month: string; income: string | null; expenses: string | null }>(
      sql`SELECT left(doc->>'date', 7) AS month,
            sum(${amount}) FILTER (WHERE doc->>'direction' = 'incoming') AS income,
            sum(${amount}) FILTER (WHERE ${outgoing} AND coalesce(doc->>'type', '') = '') AS expenses
          FROM ${table('transaction')} WHERE ${this.inDates(from, to)} GROUP BY 1`,
    );
    return new Map(rows.map((row) => [row.month, { income: num(row.income), expenses: num(row.expenses) }]));
  }

  /** A user's hours per day (the business's days, Europe/Zurich) and client since `since`. */
  async dailyTrackedTime(userId: string, since: string) {
    const { rows } = await this.q.query<{
      day: string;
      duration: string;
      client: string | null;
      client_id: string | null;
    }>(
      sql`SELECT to_char((t.doc->>'start')::timestamptz AT TIME ZONE ${DEFAULT_TIME_ZONE}, 'YYYY-MM-DD') AS day,
            sum(${QUARTER_HOURS}) AS duration,
            c.doc->>'name' AS client, t.doc->>'client' AS client_id
          FROM ${table('trackedTime')} t LEFT JOIN ${table('client')} c ON c._id = t.doc->>'client'
          WHERE t.deleted_at IS NULL AND t.doc->>'user' = ${userId} AND t.doc->>'start' >= ${since}
          GROUP BY 1, 3, 4 ORDER BY 1, 3`,
    );
    return rows.map((row) => ({
      day: row.day,
      duration: num(row.duration),
      client: row.client,
      clientId: row.client_id,
    }));
  }

  /** A client's hours per month of the entries' start (in the business's time zone). */
  async clientTrackedTime(clientId: string) {
    const { rows } = await this.q.query<{ year: number; month: number; total: string }>(
      sql`SELECT extract(year FROM (t.doc->>'start')::timestamptz AT TIME ZONE ${DEFAULT_TIME_ZONE})::int AS year,
            extract(month FROM (t.doc->>'start')::timestamptz AT TIME ZONE ${DEFAULT_TIME_ZONE})::int AS month,
            sum(${QUARTER_HOURS}) AS total
          FROM ${table('trackedTime')} t WHERE t.deleted_at IS NULL AND t.doc->>'client' = ${clientId}
          GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    return rows.map((row) => ({ year: row.year, month: row.month, totalHours: num(row.total) }));
  }

  /**
   * The logins of users by id, and nothing else of them: an invoice line names who did the work even when
   * the caller may not read that user (an accountant billing a colleague's time).
   */
  async logins(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.q.query<{ _id: string; login: string | null }>(
      sql`SELECT _id, doc->>'login' AS login FROM ${table('user')} WHERE _id = ANY(${[...ids]}::text[])`,
    );
    return new Map(rows.filter((row) => row.login).map((row) => [row._id, row.login as string]));
  }

  /** Tracked times billed on a deleted invoice become billable again. */
  async releaseEntries(invoiceId: string): Promise<void> {
    await this.q.query(
      sql`UPDATE ${table('trackedTime')} SET doc = doc - 'invoice', updated_at = now(), version = version + 1
          WHERE deleted_at IS NULL AND doc->>'invoice' = ${invoiceId}`,
    );
  }
}
