import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_REQUEST_TEMPLATE } from '../../src/shared/api/mail';
import { decodeMime, FakeSmtp, header } from '../helpers/fakeSmtp';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const TEMPLATE = {
  name: CONTACT_REQUEST_TEMPLATE,
  subject: 'Neue Kontaktanfrage: {{subject}}',
  text: 'Anfrage Nr. {{id}} von {{name}} <{{email}}>\n\n{{message}}\n\nEinverstanden: {{agb}}',
  html: '<p>Anfrage von <strong>{{name}}</strong></p><p>{{message}}</p><p>{{{message}}}</p>',
};

const CONTACT = {
  firstName: 'Lukas',
  lastName: 'Brunner',
  email: 'lukas.brunner@example.ch',
  phone: '+41 79 555 44 33',
  subject: 'Website für Bäckerei',
  message: 'Grüezi <script>alert(1)</script> & danke',
  agb: true,
};

let smtp: FakeSmtp;
let smtpUrl: string;

beforeAll(async () => {
  smtp = new FakeSmtp();
  smtpUrl = await smtp.start();
});

afterAll(async () => {
  await smtp.stop();
});

async function appWith(config: Record<string, unknown>): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp({ config });
  const admin = await t.login();
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/document/updateOne?model=mailTemplate',
    headers: t.auth(admin),
    payload: TEMPLATE,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { t, admin };
}

const contact = (t: TestApp, body: Record<string, unknown> = CONTACT) =>
  t.app.inject({ method: 'POST', url: '/api/cms/contact', payload: body });

async function mailJobs(t: TestApp, admin: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/queues/mail/jobs', headers: t.auth(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().jobs as { state: string; error?: string; data: { to: string; template: string } }[];
}

async function contactRequests(t: TestApp, admin: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/document/find',
    headers: t.auth(admin),
    payload: { model: 'contactRequest', query: {} },
  });
  return response.json().results as { data: { email: string } }[];
}

describe('contact request notification over SMTP', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await appWith({
      smtpUrl,
      mailFrom: 'Rhein Consulting <noreply@rhein.example>',
      mailTo: 'office@rhein.example',
    }));
  });
  afterAll(() => t.close());

  it(
    'sends the contactRequest template, rendered with the request, through the queue',
    { timeout: 30_000 },
    async () => {
      const before = smtp.received.length;
      expect((await contact(t)).statusCode).toBe(200);
      await vi.waitFor(() => expect(smtp.received.length).toBe(before + 1), { timeout: 15_000, interval: 100 });
      const mail = smtp.received.at(-1)!;
      expect(mail.user).toBe('mailer');
      expect(mail.to).toEqual(['office@rhein.example']);
      expect(mail.from).toBe('noreply@rhein.example');
      expect(header(mail.raw, 'From')).toBe('Rhein Consulting <noreply@rhein.example>');
      expect(header(mail.raw, 'Reply-To')).toBe('lukas.brunner@example.ch');
      expect(header(mail.raw, 'Subject')).toBe('Neue Kontaktanfrage: Website für Bäckerei');
      const body = decodeMime(mail.raw);
      // Plain text: the values as they are.
      expect(body).toMatch(/Anfrage Nr\. 1 von Lukas Brunner <lukas\.brunner@example\.ch>/);
      expect(body).toContain('Grüezi <script>alert(1)</script> & danke');
      // The consent as the time it was given, in Basel's time and the admin's format.
      expect(body).toMatch(/Einverstanden: \d\d:\d\d \d\d\.\d\d\.\d{4}/);
      // HTML: every variable escaped, also the triple mustache.
      expect(body).toContain('<p>Anfrage von <strong>Lukas Brunner</strong></p>');
      expect(body.match(/<p>Grüezi &lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; danke<\/p>/g)).toHaveLength(2);
      await vi.waitFor(async () => expect((await mailJobs(t, admin))[0]).toMatchObject({ state: 'completed' }));
    },
  );

  it('retries a refused delivery with backoff and delivers it then', { timeout: 40_000 }, async () => {
    const before = smtp.received.length;
    smtp.refuseNext = 1;
    expect((await contact(t, { ...CONTACT, email: 'retry@example.ch' })).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const job = (await mailJobs(t, admin))[0];
        expect(job.state).toBe('retry');
        expect(job.error).toMatch(/451 Mailbox temporarily unavailable/);
      },
      { timeout: 15_000, interval: 100 },
    );
    await vi.waitFor(() => expect(smtp.received.length).toBe(before + 1), { timeout: 30_000, interval: 200 });
    expect(header(smtp.received.at(-1)!.raw, 'Reply-To')).toBe('retry@example.ch');
  });
});

describe('without SMTP_URL', () => {
  it('keeps the contact request and shows the failing send on the mail queue', { timeout: 30_000 }, async () => {
    const { t, admin } = await appWith({ smtpUrl: undefined, mailTo: 'office@rhein.example' });
    try {
      expect((await contact(t)).statusCode).toBe(200);
      expect((await contactRequests(t, admin)).map((r) => r.data.email)).toEqual(['lukas.brunner@example.ch']);
      await vi.waitFor(
        async () => {
          const [job] = await mailJobs(t, admin);
          expect(job.data).toMatchObject({ to: 'office@rhein.example', template: 'contactRequest' });
          expect(['retry', 'failed']).toContain(job.state);
          expect(job.error).toBe('No SMTP server configured (set SMTP_URL)');
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await t.close();
    }
  });
});

describe('recipient', () => {
  it(
    'defaults to the e-mail of the local business; without any, the request is stored and nothing is sent',
    { timeout: 30_000 },
    async () => {
      const { t, admin } = await appWith({ smtpUrl, mailTo: undefined });
      try {
        expect((await contact(t)).statusCode).toBe(200);
        expect((await contactRequests(t, admin)).length).toBe(1);
        expect(await mailJobs(t, admin)).toEqual([]);

        const site = await t.app.inject({
          method: 'POST',
          url: '/api/document/updateOne?model=siteConfig',
          headers: t.auth(admin),
          payload: { title: 'Rhein', localBusiness: { name: 'Rhein Consulting GmbH', email: 'kontakt@rhein.example' } },
        });
        expect(site.statusCode, site.body).toBe(200);
        const before = smtp.received.length;
        expect((await contact(t)).statusCode).toBe(200);
        await vi.waitFor(() => expect(smtp.received.length).toBe(before + 1), { timeout: 15_000, interval: 100 });
        expect(smtp.received.at(-1)!.to).toEqual(['kontakt@rhein.example']);
      } finally {
        await t.close();
      }
    },
  );
});

describe('placeholders of the contact request template', () => {
  it('refuses a placeholder the contact request does not provide (400 at its field, nothing saved)', async () => {
    const { t, admin } = await appWith({});
    try {
      const save = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/document/updateOne?model=mailTemplate',
          headers: t.auth(admin),
          payload,
        });
      const find = await t.app.inject({
        method: 'POST',
        url: '/api/document/find',
        headers: t.auth(admin),
        payload: { model: 'mailTemplate', query: { name: 'contactRequest' } },
      });
      const stored = find.json().results[0] as Record<string, unknown>;
      const refused = await save({
        ...stored,
        subject: 'Anfrage {{id}}',
        html: '<p>{{unbekannt}} {{#vorname}}x{{/vorname}}</p>',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: 'html uses variables this mail does not provide: {{unbekannt}}, {{vorname}}',
        fields: [{ field: 'html', message: 'uses variables this mail does not provide: {{unbekannt}}, {{vorname}}' }],
      });
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/document/findById?model=mailTemplate&id=${String(stored._id)}`,
        headers: t.auth(admin),
      });
      expect(again.json().subject).toBe(stored.subject);

      // Known variables are fine; a template of another name is sent with the sender's data: not checked here.
      expect((await save({ ...stored, subject: 'Anfrage {{id}} von {{name}}' })).statusCode).toBe(200);
      const other = await save({ _id: 'new', name: 'newsletter', subject: 'Hallo {{abonnent}}' });
      expect(other.statusCode, other.body).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('template syntax', () => {
  it(
    'refuses a template Mustache cannot read in any field of any template (400 at the field, nothing saved)',
    {
      timeout: 30_000,
    },
    async () => {
      const { t, admin } = await appWith({ smtpUrl, mailTo: 'office@rhein.example' });
      try {
        const save = (payload: Record<string, unknown>) =>
          t.app.inject({
            method: 'POST',
            url: '/api/document/updateOne?model=mailTemplate',
            headers: t.auth(admin),
            payload,
          });
        const find = await t.app.inject({
          method: 'POST',
          url: '/api/document/find',
          headers: t.auth(admin),
          payload: { model: 'mailTemplate', query: { name: CONTACT_REQUEST_TEMPLATE } },
        });
        const stored = find.json().results[0] as Record<string, unknown>;
        const refused = await save({ ...stored, text: 'Hallo {{#name}} offen', subject: 'Anfrage {{id' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          error:
            'subject: is not a valid template: Unclosed tag: a {{ without its }}; ' +
            'text: is not a valid template: Unclosed section "name"',
          fields: [
            { field: 'subject', message: 'is not a valid template: Unclosed tag: a {{ without its }}' },
            { field: 'text', message: 'is not a valid template: Unclosed section "name"' },
          ],
        });
        const other = await save({ _id: 'new', name: 'newsletter', subject: 'Hallo', html: '<p>{{/ende}}</p>' });
        expect(other.statusCode).toBe(400);
        expect(other.json().error).toBe('html: is not a valid template: Unopened section "ende" at character 4');

        // Nothing was saved: a contact request is still mailed with the template as it was.
        expect((await contact(t)).statusCode).toBe(200);
        await vi.waitFor(async () => expect((await mailJobs(t, admin))[0]).toMatchObject({ state: 'completed' }), {
          timeout: 15_000,
          interval: 100,
        });
      } finally {
        await t.close();
      }
    },
  );
});

describe('the template the server sends by name', () => {
  it(
    'keeps its name and is not deleted (409), so contact requests are still announced',
    { timeout: 30_000 },
    async () => {
      const { t, admin } = await appWith({ smtpUrl, mailTo: 'office@rhein.example' });
      try {
        const find = await t.app.inject({
          method: 'POST',
          url: '/api/document/find',
          headers: t.auth(admin),
          payload: { model: 'mailTemplate', query: { name: CONTACT_REQUEST_TEMPLATE } },
        });
        const stored = find.json().results[0] as { _id: string };
        const renamed = await t.app.inject({
          method: 'POST',
          url: '/api/document/updateOne?model=mailTemplate',
          headers: t.auth(admin),
          payload: { _id: stored._id, name: 'kontaktanfrage' },
        });
        expect(renamed.statusCode).toBe(409);
        const message =
          'must stay contactRequest: the server sends it for each new contact request and finds it by this name';
        expect(renamed.json()).toEqual({ error: `name ${message}`, fields: [{ field: 'name', message }] });
        const deleted = await t.app.inject({
          method: 'DELETE',
          url: `/api/document/delete?model=mailTemplate&id=${stored._id}`,
          headers: t.auth(admin),
        });
        expect(deleted.statusCode).toBe(409);
        expect(deleted.json().error).toBe(
          'You cannot delete contactRequest: the server sends it for each new contact request and finds it by this name (change its text instead)',
        );
        expect((await contact(t)).statusCode).toBe(200);
        await vi.waitFor(async () => expect((await mailJobs(t, admin))[0]).toMatchObject({ state: 'completed' }), {
          timeout: 15_000,
          interval: 100,
        });
      } finally {
        await t.close();
      }
    },
  );
});
