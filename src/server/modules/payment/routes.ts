import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../files/names';
import {
  sessionTabUrl,
  type InvoiceFromOfferRequest,
  type InvoiceFromTimeRequest,
  type SuggestionRequest,
} from '../../../shared/api/payment';
import { OBJECT_ID } from '../../../shared/registry/systemFields';
import type { Services } from '../../services';
import { createBusinessPdfs, type PdfAnswer } from './documents';
import { confirmSuggestion, importBankStatement } from './bankStatement';
import { invoiceFromOffer, invoiceFromTime } from './invoicing';
import { createPaymentReports } from './reports';

const yearQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    year: {
      type: 'string',
      pattern: '^(-1|[0-9]{4})$',
      'x-patternMessage': 'must be a year as four digits (e.g. 2025), or -1 for the twelve months up to this one',
    },
  },
} as const;
const tags = ['payment'];

/** Reports of spec section 7 ("Payment"), all `manage:payment`; see src/shared/api/payment.ts for the answers. */
export function paymentRoutes(app: FastifyInstance, { db, documents }: Services): void {
  const reports = createPaymentReports(db);
  const pdfs = createBusinessPdfs(documents);
  const idSchema = OBJECT_ID;
  const sendPdf = (reply: FastifyReply, { fileName, pdf }: PdfAnswer) =>
    reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('inline', fileName))
      .header('cache-control', 'no-store')
      .send(pdf);
  // Each PDF also under /_ (sessionTabUrl), where the admin's session cookie authenticates the tab that opens it.
  for (const tab of [false, true]) {
    const at = (path: string) => (tab ? sessionTabUrl(path) : path);
    const config = { sessionCookie: tab };
    app.get<{ Querystring: { id: string } }>(
      at('/api/payment/invoice'),
      {
        config,
        schema: {
          summary: 'The invoice as a PDF with its Swiss QR-bill (422 names the data to fix)',
          tags,
          hide: tab,
          querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idSchema } },
        },
      },
      async (request, reply) => sendPdf(reply, await pdfs.invoice(request.caller, request.query.id)),
    );
    app.get<{ Params: { id: string } }>(
      at('/api/offer/:id'),
      {
        config,
        schema: {
          summary: 'The offer as a PDF (422 names the data to fix)',
          tags,
          hide: tab,
          params: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idSchema } },
        },
      },
      async (request, reply) => sendPdf(reply, await pdfs.offer(request.caller, request.params.id)),
    );
  }
  type Year = { Querystring: { year?: string } };
  app.get<Year>(
    '/api/payment/revenue',
    { schema: { summary: 'Income, expenses and tax of a year (CHF)', tags, querystring: yearQuery } },
    (request) => reports.revenue(request.caller, request.query.year),
  );
  app.get<Year>(
    '/api/payment/ownRevenue',
    { schema: { summary: 'Revenue (income minus expenses), payouts and tax of a year', tags, querystring: yearQuery } },
    (request) => reports.ownRevenue(request.caller, request.query.year),
  );
  app.get<Year>(
    '/api/payment/monthlyTransactionSummary',
    { schema: { summary: 'Sums per month and direction of a year', tags, querystring: yearQuery } },
    (request) => reports.monthlyTransactionSummary(request.caller, request.query.year),
  );
  app.get<Year>(
    '/api/payment/lastYear',
    {
      schema: {
        summary: 'Income and expenses of twelve months (year=-1: the twelve up to this one)',
        tags,
        querystring: yearQuery,
      },
    },
    (request) => reports.lastYear(request.caller, request.query.year),
  );
  app.get(
    '/api/payment/getDailyTrackedTime',
    { schema: { summary: "The caller's tracked hours per day and client over the last 7 days", tags } },
    (request) => reports.dailyTrackedTime(request.caller),
  );
  app.get<{ Querystring: { client: string } }>(
    '/api/payment/getClientTrackedTime',
    {
      schema: {
        summary: "A client's tracked hours per month",
        tags,
        querystring: {
          type: 'object',
          required: ['client'],
          additionalProperties: false,
          properties: { client: { type: 'string' } },
        },
      },
    },
    (request) => reports.clientTrackedTime(request.caller, request.query.client),
  );

  app.post<{ Body: InvoiceFromTimeRequest }>(
    '/api/payment/invoiceFromTime',
    {
      schema: {
        summary: "Turns a client's finished, not yet invoiced tracked times of a period into an open invoice",
        tags,
        body: {
          type: 'object',
          required: ['client', 'from', 'to'],
          additionalProperties: false,
          properties: {
            client: { type: 'string' },
            from: { type: 'string', format: 'date' },
            to: { type: 'string', format: 'date' },
          },
        },
      },
    },
    (request) => invoiceFromTime(documents, db, request.caller, request.body),
  );
  app.post<{ Body: InvoiceFromOfferRequest }>(
    '/api/payment/invoiceFromOffer',
    {
      schema: {
        summary:
          "Turns an offer into an open invoice dated today (its client, name and items, naming the offer); answers the invoice's id. 409 when an invoice was already made from it, unless again is true",
        tags,
        body: {
          type: 'object',
          required: ['offer'],
          additionalProperties: false,
          properties: { offer: idSchema, again: { type: 'boolean' } },
        },
      },
    },
    (request) => invoiceFromOffer(documents, request.caller, request.body),
  );

  // Bank statements arrive as XML (ISO 20022 camt.053/054); other routes never accept XML.
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string', bodyLimit: 20 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/payment/bankStatement',
    {
      config: { accepts: 'application/xml or text/xml' },
      schema: {
        summary:
          'Imports an ISO 20022 camt.053 or camt.054 file: credits with our reference are booked and pay their invoice once the amount due is reached',
        tags,
      },
    },
    (request) => importBankStatement(documents, request.caller, request.body),
  );
  app.post<{ Querystring: SuggestionRequest }>(
    '/api/payment/bankStatement/suggestion',
    {
      config: { accepts: 'application/xml or text/xml' },
      schema: {
        summary:
          'Books a credit the import only suggested (same amount and payer name, no reference) on the invoice a person chose; the body is the same camt file',
        tags,
        querystring: {
          type: 'object',
          required: ['credit', 'invoice'],
          additionalProperties: false,
          properties: { credit: { type: 'string', minLength: 1, maxLength: 500 }, invoice: idSchema },
        },
      },
    },
    (request) => confirmSuggestion(documents, request.caller, request.body, request.query),
  );
}
