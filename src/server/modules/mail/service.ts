import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { CONTACT_REQUEST_TEMPLATE, MAIL_QUEUE, type MailJob } from '../../../shared/api/mail';
import { formatTimestamp } from '../../../shared/format';
import { renderMail } from '../../../shared/mail/render';
import { SYSTEM } from '../../access/caller';
import type { ServerConfig } from '../../config';
import type { Doc, DocumentService } from '../documents/service';
import type { QueueService } from '../queues/service';

/** A send is retried this often (pg-boss backoff: about 1, 2, 4, 8, 16 s) before the job fails for good. */
export const MAIL_RETRY_LIMIT = 5;
export const NO_SMTP_MESSAGE = 'No SMTP server configured (set SMTP_URL)';

export interface MailService {
  /** Queues a mail of a template (rendered when it is sent, with the template as it is then). */
  send(job: MailJob): Promise<string>;
  /** Announces a new contact request to the business (MAIL_TO, else the local business's e-mail); never throws. */
  notifyContactRequest(request: Doc): Promise<void>;
}

/** Mail templates rendered with Mustache and sent over SMTP (nodemailer) by the `mail` queue. */
export function createMailService({
  config,
  documents,
  queues,
  log,
}: {
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'mailTo'>;
  documents: DocumentService;
  queues: QueueService;
  log: FastifyBaseLogger;
}): MailService {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;

  queues.define<MailJob>(MAIL_QUEUE, {
    retryLimit: MAIL_RETRY_LIMIT,
    concurrency: 2,
    async handler(job, progress) {
      if (!transport) throw new Error(NO_SMTP_MESSAGE);
      const { results } = await documents.find(SYSTEM, 'mailTemplate', { query: { name: job.template }, limit: 1 });
      const template = results[0];
      if (!template) throw new Error(`No mail template named ${job.template}`);
      const mail = renderMail(template as { subject?: string; text?: string; html?: string }, job.data);
      progress(50);
      await transport.sendMail({
        from: config.mailFrom,
        to: job.to,
        ...(job.replyTo ? { replyTo: job.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
    },
  });

  async function businessAddress(): Promise<string | undefined> {
    if (config.mailTo) return config.mailTo;
    const { results } = await documents.find(SYSTEM, 'siteConfig', { limit: 1, sort: { _createdAt: 1 } });
    const business = (results[0] as { localBusiness?: { email?: string } } | undefined)?.localBusiness;
    return business?.email || undefined;
  }

  const send = (job: MailJob) => queues.send(MAIL_QUEUE, job);

  return {
    send,
    async notifyContactRequest(request) {
      try {
        const to = await businessAddress();
        if (!to) {
          log.warn('contact request not announced: neither MAIL_TO nor the local business e-mail is set');
          return;
        }
        const fields = (request.data ?? {}) as Record<string, string>;
        const data: MailJob['data'] = { ...fields };
        data.name = [fields.firstName, fields.lastName].filter(Boolean).join(' ');
        if (typeof request.id === 'number') data.id = request.id;
        if (typeof request._createdAt === 'string')
          data.receivedAt = formatTimestamp(request._createdAt, { timeZone: 'Europe/Zurich' });
        // The consent is stored as the moment it was given; a mail says it as a person reads it.
        if (fields.agb) data.agb = formatTimestamp(fields.agb, { timeZone: 'Europe/Zurich' });
        await send({
          template: CONTACT_REQUEST_TEMPLATE,
          to,
          ...(fields.email ? { replyTo: fields.email } : {}),
          data,
        });
      } catch (error) {
        // The request is stored already; a mail that cannot be queued must not turn it into an error.
        log.error({ err: error }, 'contact request notification could not be queued');
      }
    },
  };
}
