import type {
  BankStatementAnswer,
  ClientTrackedTimeAnswer,
  DailyTrackedTimeAnswer,
  InvoiceFromOfferAnswer,
  InvoiceFromOfferRequest,
  InvoiceFromTimeAnswer,
  InvoiceFromTimeRequest,
  LastYearAnswer,
  OwnRevenueAnswer,
  RevenueAnswer,
  SuggestionBooking,
  SuggestionRequest,
} from '../../../shared/api/payment';
import type { RedirectStat } from '../../../shared/api/pages';

export type RedirectStatRow = RedirectStat;

/** The reports under `/api/payment/` the admin reads, with their query and answer. */
export interface PaymentReports {
  revenue: { query: { year: number }; answer: RevenueAnswer };
  ownRevenue: { query: { year: number }; answer: OwnRevenueAnswer };
  lastYear: { query: { year: number }; answer: LastYearAnswer };
  getDailyTrackedTime: { query: Record<string, never>; answer: DailyTrackedTimeAnswer };
  getClientTrackedTime: { query: { client: string }; answer: ClientTrackedTimeAnswer };
}
export type PaymentReportName = keyof PaymentReports;

/** The documents the API renders and the business reports: the payment part of the admin's data interface. */
export interface ReportProvider {
  /**
   * Asks for a file the API renders from a document (`x-admin.links`, e.g. an invoice PDF), throwing its refusal
   * (422 "client address missing") before a tab opens the file.
   */
  checkLink(path: string): Promise<void>;
  /** `GET /api/payment/{name}?{query}`. */
  paymentReport<N extends PaymentReportName>(
    name: N,
    query: PaymentReports[N]['query'],
  ): Promise<PaymentReports[N]['answer']>;
  /** `POST /api/payment/invoiceFromTime`: an open invoice from a client's not yet invoiced time. */
  invoiceFromTime(request: InvoiceFromTimeRequest): Promise<InvoiceFromTimeAnswer>;
  /** `POST /api/payment/invoiceFromOffer`: an open invoice made of an offer. */
  invoiceFromOffer(request: InvoiceFromOfferRequest): Promise<InvoiceFromOfferAnswer>;
  /** `POST /api/payment/bankStatement`: a camt.053/054 file's credits pay their invoices. */
  importBankStatement(xml: string): Promise<BankStatementAnswer>;
  /** `POST /api/payment/bankStatement/suggestion`: books a suggested credit of the same file on the invoice chosen. */
  confirmSuggestion(xml: string, request: SuggestionRequest): Promise<SuggestionBooking>;
}

/** `send` of the HTTP provider: one request with the login token, throwing the API's error on failure. */
export type Send = (
  method: string,
  path: string,
  body?: string,
  contentType?: string,
  accept?: string,
) => Promise<Response>;
