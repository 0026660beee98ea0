import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { SYSTEM } from '../../access/caller';
import { badRequest, HttpError } from '../../errors';
import { formSubmissionErrors } from '../../../shared/rules/formSubmission';
import type { FieldError } from '../../../shared/validation/createAjv';
import type { DocumentService } from '../documents/service';
import { forEachStoredElement } from '../pages/elementDocuments';
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
        const fields = await formDataProblems(documents, name, data);
        if (fields.length > 0) throw badRequest(fields.map((field) => field.message).join('; '), { fields });
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

/**
 * What a submission to the generic form `name` lacks by that form's own schema (its `properties`
 * prop: required fields, e-mail fields), whether or not the form validates in the browser. The forms
 * are those of the published pages and layouts; when several carry the name, a submission one of them
 * accepts is accepted, else the problems of the first are named. A name no published form carries
 * keeps the open shape of the request schema.
 */
async function formDataProblems(
  documents: Pick<DocumentService, 'find'>,
  name: string,
  data: Record<string, unknown>,
): Promise<FieldError[]> {
  const schemas: unknown[] = [];
  await forEachStoredElement(documents, ['page', 'layout'], (_model, _doc, element) => {
    const props = (element.props ?? {}) as { name?: unknown; properties?: unknown };
    if (element.tag === 'special.form' && props.name === name) schemas.push(props.properties);
  });
  let first: FieldError[] = [];
  for (const [index, schema] of schemas.entries()) {
    const problems = formSubmissionErrors(schema, data);
    if (problems.length === 0) return [];
    if (index === 0) first = problems;
  }
  return first;
}
