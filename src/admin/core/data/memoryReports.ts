import type { PageProvider } from './pages';
import type { PaymentReportName, PaymentReports, RedirectStatRow, ReportProvider } from './reports';
import { ApiError } from './types';

export interface MemoryReportOptions {
  /** Files the API would render, by path (e.g. `/api/payment/invoice?id=…`); others answer 404. */
  links?: Record<string, Blob>;
  /** Answers of the payment reports; a missing one fails with 500 (the dashboard's fallback). */
  payment?: { [N in PaymentReportName]?: PaymentReports[N]['answer'] };
  redirectStats?: RedirectStatRow[];
}

/** The payment part of the data interface in memory, for stories and component tests. */
export function memoryReportProvider(
  options: MemoryReportOptions = {},
): ReportProvider & Partial<Pick<PageProvider, 'redirectStats'>> {
  return {
    async linkBlob(path) {
      const blob = options.links?.[path];
      if (!blob) throw new ApiError(404, `${path} not found`);
      return blob;
    },
    async paymentReport(name) {
      const answer = options.payment?.[name];
      if (answer === undefined) throw new ApiError(500, `Report ${name} failed`);
      return structuredClone(answer);
    },
    ...(options.redirectStats && {
      redirectStats: async () => structuredClone(options.redirectStats!),
    }),
  };
}
