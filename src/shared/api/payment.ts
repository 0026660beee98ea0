/**
 * The money side's calls under `/api/payment/` (spec section 7, "Payment"; all need manage:payment).
 * Amounts are CHF sums of transaction `amount`; hours are rounded up to quarter hours per entry.
 * `year` defaults to the current year.
 */

/** `GET /api/payment/revenue?year=`: incoming; outgoing without a type; outgoing of type tax or ahv. */
export interface RevenueAnswer {
  income: number;
  expenses: number;
  tax: number;
}

/** `GET /api/payment/ownRevenue?year=`: income minus expenses; payouts (incl. third pillar); tax and ahv. */
export interface OwnRevenueAnswer {
  revenue: number;
  payout: number;
  tax: number;
}

/** `GET /api/payment/monthlyTransactionSummary?year=`: one row per month and direction that has transactions. */
export type MonthlyTransactionSummaryAnswer = { month: string; direction: 'incoming' | 'outgoing'; sum: number }[];

/** `GET /api/payment/lastYear?year=`: twelve months (`year=-1`, the default: the twelve up to this one), oldest first. */
export type LastYearAnswer = { month: string; income: number; expenses: number }[];

/** `GET /api/payment/getDailyTrackedTime`: the current user's hours per day and client over the last 7 days. */
export type DailyTrackedTimeAnswer = {
  day: string;
  duration: number;
  client: string | null;
  clientId: string | null;
}[];

/** `GET /api/payment/getClientTrackedTime?client=`: a client's hours per month. */
export type ClientTrackedTimeAnswer = { year: number; month: number; totalHours: number }[];

/** `POST /api/payment/invoiceFromTime`: an open invoice from a client's not yet invoiced entries in a period. */
export interface InvoiceFromTimeRequest {
  client: string;
  /** Inclusive days, `YYYY-MM-DD`. */
  from: string;
  to: string;
}
export interface InvoiceFromTimeAnswer {
  /** The new invoice's id (open, dated today, one item per entry). */
  invoice: string;
  entries: number;
  total: number;
}

/** `POST /api/payment/invoiceFromOffer`: an offer becomes an open invoice (needs the permission to create invoices). */
export interface InvoiceFromOfferRequest {
  offer: string;
  /**
   * true: create one even though an invoice was already made from this offer. Without it such an offer answers
   * 409 naming that invoice (`invoice`: its id, `number`: its number), so an offer is not billed twice unasked.
   */
  again?: boolean;
}
export interface InvoiceFromOfferAnswer {
  /** The new invoice's id: the offer's client, name and items (name, description, price, count), dated today, open. */
  invoice: string;
}

/** One credit of a bank statement and what the import did with it. */
export interface StatementEntry {
  /** The amount booked on the account, in `currency`. */
  amount: number;
  currency: string;
  date: string;
  reference?: string;
  debtor?: string;
  /** The invoice it paid (matched), paid in part (partial), may have paid (suggested) or names (unmatched). */
  invoice?: string;
  invoiceNumber?: number;
  /** Partial: the invoice's gross amount due, in EUR (the invoices' currency). */
  due?: number;
  /** Partial: what the invoice's linked incoming transactions come to in EUR so far, this credit included. */
  received?: number;
  /** Why a credit is partial or unmatched, in words for the user (e.g. a currency the import cannot book). */
  reason?: string;
  /** Suggested: the bank's id of the credit, which confirming the suggestion names (`SuggestionRequest`). */
  credit?: string;
  /** Suggested: further open invoices of the payer with the same amount due (the credit may pay one of them). */
  alternatives?: { invoice: string; invoiceNumber: number }[];
}
/**
 * `POST /api/payment/bankStatement` (ISO 20022 camt.053 or camt.054 XML body). Importing twice changes nothing.
 * One import is all or nothing: when one credit's booking is refused, nothing of the file is booked and the
 * answer is that status with `{ error }` naming the credit ('Nothing was booked: credit 2 of 5 (540,50 € of
 * 09.04.2026, …) was refused: …').
 * A booked credit becomes an incoming transaction: a CHF credit in `amount`, a EUR credit in `foreignAmount`
 * (with `amount` in CHF only when the file gives the counter value or exchange rate).
 */
export interface BankStatementAnswer {
  /** Paid by their reference: the invoice is paid now (its linked payments reach the amount due). */
  matched: StatementEntry[];
  /**
   * A reference to an open invoice but less than the amount due (or an amount in CHF that cannot be compared with
   * the invoice's euros): booked as an incoming transaction linked to the invoice, which stays open.
   */
  partial: StatementEntry[];
  /** Same amount and debtor name, no reference: not booked, for a person to check. */
  suggested: StatementEntry[];
  /** Not booked: no open invoice fits, or a currency other than CHF and EUR (see `reason`). */
  unmatched: StatementEntry[];
  /** Credits already booked by an earlier import of the same statement. */
  alreadyBooked: number;
}

/**
 * `POST /api/payment/bankStatement/suggestion?credit=&invoice=` with the same camt file as the body: books a
 * suggested credit on the invoice a person chose, as the import books a credit with its reference. 409 when
 * the pair no longer fits (the credit booked meanwhile, the invoice paid or changed), saying what changed.
 */
export interface SuggestionRequest {
  /** `StatementEntry.credit` of the suggestion. */
  credit: string;
  /** The suggested invoice or one of its `alternatives`. */
  invoice: string;
}
/** How the credit was booked: it paid the invoice (matched), or the invoice stays open (partial). */
export interface SuggestionBooking {
  outcome: 'matched' | 'partial';
  entry: StatementEntry;
}

/** Where the PDFs are (inline, `application/pdf`): invoice and offer of a document id. */
export const invoicePdfUrl = (id: string) => `/api/payment/invoice?id=${id}`;
export const offerPdfUrl = (id: string) => `/api/offer/${id}`;

/**
 * Where a browser tab opens such a PDF: the same path under `/_`, where the admin's session cookie stands in for
 * the Authorization header a tab cannot send. The tab gets the PDF with its `Content-Disposition` file name
 * (`Rechnung-4-….pdf`), which the browser's viewer saves it under.
 */
export const sessionTabUrl = (apiPath: string) => `/_${apiPath}`;
