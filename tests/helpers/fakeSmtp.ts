import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  user?: string;
  raw: string;
}

/** A local SMTP server (the npm package smtp-server) that keeps every message it accepts. */
export class FakeSmtp {
  readonly received: ReceivedMail[] = [];
  /** The next this many deliveries are refused with a temporary failure (451). */
  refuseNext = 0;
  private server?: SMTPServer;

  constructor(private readonly credentials = { user: 'mailer', pass: 'secret-pass' }) {}

  /** Answers the `SMTP_URL` to use. */
  async start(): Promise<string> {
    const options: SMTPServerOptions = {
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === this.credentials.user && auth.password === this.credentials.pass)
          return callback(null, { user: auth.username });
        return callback(new Error('Invalid username or password'));
      },
      onRcptTo: (_address, _session, callback) => {
        if (this.refuseNext > 0) {
          this.refuseNext--;
          const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    };
    this.server = new SMTPServer(options);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://${this.credentials.user}:${this.credentials.pass}@127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Decodes quoted-printable and RFC 2047 encoded words enough to read what nodemailer wrote. */
export function decodeMime(raw: string): string {
  const words = raw
    .replace(/(=\?UTF-8\?[QB]\?[^?]*\?=)\s+(?==\?UTF-8\?)/gi, '$1')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuoted(text.replace(/_/g, ' ')),
    );
  return decodeQuoted(words.replace(/=\r?\n/g, ''));
}

function decodeQuoted(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The header's value (unfolded, decoded). */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeMime(line.slice(name.length + 1).trim());
}
