/** Wire shapes and names of the mail templates (spec section 3 "MailTemplate"), shared by the server and the admin. */

import type { JobDataSchema } from './queues';

/** The template a new contact request is announced with to the business. */
export const CONTACT_REQUEST_TEMPLATE = 'contactRequest';

/** The job queue that sends mails (retries with backoff; failures show on the queues screen). */
export const MAIL_QUEUE = 'mail';

/** The data of a mail job: which template, to whom, with which variables. */
export interface MailJob {
  template: string;
  to: string;
  replyTo?: string;
  data: Record<string, string | number | boolean>;
}

/** What a template renders to. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The variables a contact request offers its template (`{{firstName}}` etc.; `agb` is when the sender
 * consented to the storing of their data, `receivedAt` when the request came in), with sample values: the
 * 'Vorschau' of the mail template detail renders with these.
 */
export const MAIL_SAMPLE_DATA: MailJob['data'] = {
  id: 17,
  firstName: 'Lukas',
  lastName: 'Brunner',
  name: 'Lukas Brunner',
  email: 'lukas.brunner@example.ch',
  phone: '+41 79 555 44 33',
  street: 'Clarastrasse',
  streetNumber: '7',
  city: 'Basel',
  subject: 'Anfrage Website für Bäckerei',
  message: 'Guten Tag, wir möchten unsere Website erneuern und hätten gerne ein Erstgespräch.',
  receivedAt: '09:14 02.05.2024',
  agb: '09:14 02.05.2024',
};

/**
 * A mail job's data as JSON Schema (`MailJob`), in the order the queues screen shows it: what is sent, to whom,
 * then the template's variables in the order of MAIL_SAMPLE_DATA (others after them).
 */
export const MAIL_JOB_SCHEMA: JobDataSchema = {
  type: 'object',
  required: ['template', 'to', 'data'],
  properties: {
    template: { type: 'string', title: 'Template' },
    to: { type: 'string', title: 'To', format: 'email' },
    replyTo: { type: 'string', title: 'Reply to', format: 'email' },
    data: {
      type: 'object',
      title: 'Data',
      properties: Object.fromEntries(Object.keys(MAIL_SAMPLE_DATA).map((key) => [key, {}])),
      additionalProperties: { type: ['string', 'number', 'boolean'] },
    },
  },
};
