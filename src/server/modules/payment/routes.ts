import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { createPaymentReports } from './reports';

const yearQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { year: { type: 'string', pattern: '^(-1|[0-9]{4})$' } },
} as const;
const tags = ['payment'];

/** Reports of spec section 7 ("Payment"), all `manage:payment`; see src/shared/api/payment.ts for the answers. */
export function paymentRoutes(app: FastifyInstance, { db }: Services): void {
  const reports = createPaymentReports(db);
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
}
