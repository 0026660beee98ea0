import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { SYSTEM } from '../../access/caller';
import { HttpError } from '../../errors';
import type { Services } from '../../services';
import {
  contactBody,
  eventBody,
  FORM_BODY_LIMIT,
  formDataBody,
  okAnswer,
  type ContactBody,
  type EventBody,
  type FormDataBody,
} from './schemas';

/** Submissions per minute and address, per endpoint: plenty for people, little for a script. */
export const FORM_REQUESTS_PER_MINUTE = 20;

/**
 * The public form endpoints (spec section 7): POST /api/formData, /api/cms/contact and /api/event.
 * Anyone may post; the server stores the submission as itself (the models are read-only to users).
 */
export async function formRoutes(app: FastifyInstance, { documents, mail }: Services): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => {
        const retryAfter = Math.max(1, Math.ceil(context.ttl / 1000));
        return new HttpError(429, `Too many requests, try again in ${retryAfter} seconds`, { retryAfter });
      },
    });
    const options = (summary: string, body: object) => ({
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: { max: FORM_REQUESTS_PER_MINUTE, timeWindow: 60_000 }, ignoreInvalidToken: true },
      schema: { summary, tags: ['forms'], body, response: okAnswer },
    });

    scope.post<{ Body: FormDataBody }>(
      '/api/formData',
      options('Stores a submission of a public form (special.form) as form data', formDataBody),
      async (request) => {
        const { name, project, data } = request.body;
        await documents.save(SYSTEM, 'formData', { name, data, ...(project ? { project } : {}) });
        return { ok: true };
      },
    );

    scope.post<{ Body: ContactBody }>(
      '/api/cms/contact',
      options('Stores a message of the contact form as a contact request', contactBody),
      async (request) => {
        const { agb, ...fields } = request.body;
        const data: Record<string, unknown> = Object.fromEntries(
          Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''),
        );
        if (agb) data.agb = new Date().toISOString();
        const saved = await documents.save(SYSTEM, 'contactRequest', { data });
        // Queued after the request is stored: a mail that fails later never loses the request.
        await mail.notifyContactRequest(saved);
        return { ok: true };
      },
    );

    scope.post<{ Body: EventBody }>(
      '/api/event',
      options('Stores a configurator submission (chosen option per section, total, fields) as form data', eventBody),
      async (request) => {
        const { name, project, ...data } = request.body;
        await documents.save(SYSTEM, 'formData', { name, data, ...(typeof project === 'string' ? { project } : {}) });
        return { ok: true };
      },
    );
  });
}
