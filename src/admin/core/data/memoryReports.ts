import type {
  BankStatementAnswer,
  InvoiceFromOfferAnswer,
  InvoiceFromOfferRequest,
  InvoiceFromTimeAnswer,
  InvoiceFromTimeRequest,
  SuggestionBooking,
  SuggestionRequest,
} from '../../../shared/api/payment';
import type { PageProvider } from './pages';
import type { PaymentReportName, PaymentReports, RedirectStatRow, ReportProvider } from './reports';
import { ApiError } from './types';

export interface MemoryReportOptions {
  /** Files the API would render, by path (e.g. `/api/payment/invoice?id=…`); others answer 404. */
  links?: Record<string, Blob>;
  /** Answers of the payment reports; a missing one fails with 500 (the dashboard's fallback). */
  payment?: { [N in PaymentReportName]?: PaymentReports[N]['answer'] };
  redirectStats?: RedirectStatRow[];
  /** What 'Create invoice' answers for a request; a thrown ApiError is the server's refusal. Missing: 500. */
  invoiceFromTime?: (request: InvoiceFromTimeRequest) => InvoiceFromTimeAnswer;
  /** What 'Create invoice' on an offer answers; a thrown ApiError is the server's refusal. Missing: 500. */
  invoiceFromOffer?: (request: InvoiceFromOfferRequest) => InvoiceFromOfferAnswer;
  /** What a bank statement import answers for a file; a thrown ApiError is the server's refusal. Missing: 500. */
  importBankStatement?: (xml: string) => BankStatementAnswer;
  /** What booking a suggestion answers; a thrown ApiError is the server's refusal (e.g. 409). Missing: 500. */
  confirmSuggestion?: (xml: string, request: SuggestionRequest) => SuggestionBooking;
}

/** The payment part of the data interface in memory, for stories and component tests. */
export function memoryReportProvider(
  options: MemoryReportOptions = {},
): ReportProvider & Partial<Pick<PageProvider, 'redirectStats'>> {
  return {
    async checkLink(path) {
      if (!options.links?.[path]) throw new ApiError(404, `${path} not found`);
    },
    async paymentReport(name) {
      const answer = options.payment?.[name];
      if (answer === undefined) throw new ApiError(500, `Report ${name} failed`);
      return structuredClone(answer);
    },
    async invoiceFromTime(request) {
      if (!options.invoiceFromTime) throw new ApiError(500, 'Create invoice failed');
      return options.invoiceFromTime(request);
    },
    async invoiceFromOffer(request) {
      if (!options.invoiceFromOffer) throw new ApiError(500, 'Create invoice failed');
      return options.invoiceFromOffer(request);
    },
    async importBankStatement(xml) {
      if (!options.importBankStatement) throw new ApiError(500, 'Bank statement import failed');
      return options.importBankStatement(xml);
    },
    async confirmSuggestion(xml, request) {
      if (!options.confirmSuggestion) throw new ApiError(500, 'Booking the suggestion failed');
      return options.confirmSuggestion(xml, request);
    },
    ...(options.redirectStats && {
      redirectStats: async () => structuredClone(options.redirectStats!),
    }),
  };
}
