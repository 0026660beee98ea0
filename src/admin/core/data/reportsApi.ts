import type {
  BankStatementAnswer,
  InvoiceFromOfferAnswer,
  InvoiceFromOfferRequest,
  InvoiceFromTimeAnswer,
  InvoiceFromTimeRequest,
  SuggestionBooking,
  SuggestionRequest,
} from '../../../shared/api/payment';
import { adminApi, listTag, providerOf, run } from './api';
import type { PaymentReportName, PaymentReports } from './reports';

/** The documents each report is computed from: their changes (writes, realtime events) refetch it. */
const SOURCES: Record<PaymentReportName, string> = {
  revenue: 'transaction',
  ownRevenue: 'transaction',
  lastYear: 'transaction',
  getDailyTrackedTime: 'trackedTime',
  getClientTrackedTime: 'trackedTime',
};

interface ReportArgs<N extends PaymentReportName> {
  name: N;
  query: PaymentReports[N]['query'];
}

/** The business reports, injected into the one admin API (style: one data interface). */
export const reportsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    paymentReport: build.query<unknown, ReportArgs<PaymentReportName>>({
      queryFn: ({ name, query }, api) => run(() => providerOf(api).paymentReport(name, query)),
      providesTags: (_result, _error, { name }) => [listTag(SOURCES[name])],
    }),
    /** The new invoice and its entries (now linked to it) change the invoice and tracked-time lists. */
    invoiceFromTime: build.mutation<InvoiceFromTimeAnswer, InvoiceFromTimeRequest>({
      queryFn: (request, api) => run(() => providerOf(api).invoiceFromTime(request)),
      invalidatesTags: (_result, error) => (error ? [] : [listTag('invoice'), listTag('trackedTime')]),
    }),
    /** The new invoice changes the invoice list. */
    invoiceFromOffer: build.mutation<InvoiceFromOfferAnswer, InvoiceFromOfferRequest>({
      queryFn: (request, api) => run(() => providerOf(api).invoiceFromOffer(request)),
      invalidatesTags: (_result, error) => (error ? [] : [listTag('invoice')]),
    }),
    /** Matched credits pay invoices and add transactions. */
    importBankStatement: build.mutation<BankStatementAnswer, string>({
      queryFn: (xml, api) => run(() => providerOf(api).importBankStatement(xml)),
      invalidatesTags: (_result, error) => (error ? [] : [listTag('invoice'), listTag('transaction')]),
    }),
    /** A confirmed suggestion pays its invoice and adds a transaction. */
    confirmSuggestion: build.mutation<SuggestionBooking, SuggestionRequest & { xml: string }>({
      queryFn: ({ xml, ...request }, api) => run(() => providerOf(api).confirmSuggestion(xml, request)),
      invalidatesTags: (_result, error) => (error ? [] : [listTag('invoice'), listTag('transaction')]),
    }),
  }),
});

export const {
  useInvoiceFromTimeMutation,
  useInvoiceFromOfferMutation,
  useImportBankStatementMutation,
  useConfirmSuggestionMutation,
} = reportsApi;

/** A payment report, typed by its name; `skip` when the caller lacks the permission. */
export function usePaymentReport<N extends PaymentReportName>(
  name: N,
  query: PaymentReports[N]['query'],
  options: { skip?: boolean } = {},
) {
  const result = reportsApi.usePaymentReportQuery({ name, query }, options);
  return { ...result, data: result.data as PaymentReports[N]['answer'] | undefined };
}

