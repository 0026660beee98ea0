/** Wire shapes and names of the mail templates (spec section 3 "MailTemplate"), shared by the server and the admin. */

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
 * The variables a contact request offers its template (`{{firstName}}` etc.), with sample values: the
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
};
