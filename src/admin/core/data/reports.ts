// PROVISIONAL wire shapes until src/shared/api/payment.ts (issue 10, server side) lands: replace with imports.
export interface RevenueReport {
  income: number;
  expenses: number;
  tax: number;
}
export interface OwnRevenueReport {
  revenue: number;
  payout: number;
  tax: number;
}
export interface LastYearRow {
  month: string;
  income: number;
  expenses: number;
}
export interface DailyTrackedTimeRow {
  day: string;
  duration: number;
  client?: string | null;
  clientId?: string | null;
}
export interface RedirectStatRow {
  redirect: { name: string; from: string; to: string };
  count: number;
}

/** The reports under `/api/payment/` the admin reads, with their query and answer. */
export interface PaymentReports {
  revenue: { query: { year: number }; answer: RevenueReport };
  ownRevenue: { query: { year: number }; answer: OwnRevenueReport };
  lastYear: { query: { year: number }; answer: LastYearRow[] };
  getDailyTrackedTime: { query: Record<string, never>; answer: DailyTrackedTimeRow[] };
}
export type PaymentReportName = keyof PaymentReports;

/** The documents the API renders and the business reports: the payment part of the admin's data interface. */
export interface ReportProvider {
  /** The bytes of a file the API renders from a document (`x-admin.links`, e.g. an invoice PDF). */
  linkBlob(path: string): Promise<Blob>;
  /** `GET /api/payment/{name}?{query}`. */
  paymentReport<N extends PaymentReportName>(
    name: N,
    query: PaymentReports[N]['query'],
  ): Promise<PaymentReports[N]['answer']>;
  /** `GET /api/redirectStats`: how often each redirect was followed. */
  redirectStats(): Promise<RedirectStatRow[]>;
}

/** `send` of the HTTP provider: one request with the login token, throwing the API's error on failure. */
export type Send = (
  method: string,
  path: string,
  body?: string,
  contentType?: string,
  accept?: string,
) => Promise<Response>;
