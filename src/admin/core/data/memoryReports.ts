import type { ReportProvider } from './reports';
import { ApiError } from './types';

export interface MemoryReportOptions {
  /** Files the API would render, by path (e.g. `/api/payment/invoice?id=…`); others answer 404. */
  links?: Record<string, Blob>;
}

/** The payment part of the data interface in memory, for stories and component tests. */
export function memoryReportProvider(options: MemoryReportOptions = {}): ReportProvider {
  return {
    async linkBlob(path) {
      const blob = options.links?.[path];
      if (!blob) throw new ApiError(404, `${path} not found`);
      return blob;
    },
  };
}
