import type { ReportProvider, Send } from './reports';

/** The payment part of the data interface over HTTP. */
export function httpReportProvider(send: Send): ReportProvider {
  return {
    async linkBlob(path) {
      return (await send('GET', path, undefined, undefined, '*/*')).blob();
    },
  };
}
