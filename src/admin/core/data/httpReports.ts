import type { ReportProvider, Send } from './reports';

/** The payment part of the data interface over HTTP. */
export function httpReportProvider(send: Send): ReportProvider {
  const json = async <T>(path: string) => (await (await send('GET', path)).json()) as T;
  return {
    async checkLink(path) {
      await (await send('GET', path, undefined, undefined, '*/*')).arrayBuffer();
    },
    paymentReport(name, query) {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      const suffix = search.size ? `?${search.toString()}` : '';
      return json(`/api/payment/${encodeURIComponent(name)}${suffix}`);
    },
    async invoiceFromTime(request) {
      return (await send('POST', '/api/payment/invoiceFromTime', JSON.stringify(request))).json();
    },
    async invoiceFromOffer(request) {
      return (await send('POST', '/api/payment/invoiceFromOffer', JSON.stringify(request))).json();
    },
    async importBankStatement(xml) {
      return (await send('POST', '/api/payment/bankStatement', xml, 'application/xml')).json();
    },
    async confirmSuggestion(xml, request) {
      const query = new URLSearchParams({ credit: request.credit, invoice: request.invoice });
      return (await send('POST', `/api/payment/bankStatement/suggestion?${query.toString()}`, xml, 'application/xml')).json();
    },
  };
}
