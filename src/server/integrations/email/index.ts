import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
}

/** Sends one e-mail for a school. Every provider also records it in the school's outbox. */
export interface EmailProvider {
  readonly name: string;
  send(db: Kysely<any>, msg: EmailMessage): Promise<void>;
}

export const recordEmail = (db: Kysely<any>, msg: EmailMessage, provider: string, status: string) =>
  db.insertInto('outbox_email').values({ to_address: msg.to, subject: msg.subject, body: msg.body, provider, status }).execute();

/** The local default: the mail is kept in the outbox, where an operator reads it (`npm run school -- outbox`). */
export class OutboxEmail implements EmailProvider {
  readonly name = 'outbox';
  async send(db: Kysely<any>, msg: EmailMessage) {
    await recordEmail(db, msg, this.name, 'recorded');
  }
}

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export class SmtpEmail implements EmailProvider {
  readonly name = 'smtp';
  private transport: Promise<Transporter> | undefined;
  constructor(private readonly url: string, private readonly from: string) {}
  async send(db: Kysely<any>, msg: EmailMessage) {
    try {
      // Loaded on the first mail, inside the try, so a failure is recorded with the mail.
      this.transport ??= import('nodemailer').then((m) => m.default.createTransport(this.url));
      await (await this.transport).sendMail({ from: this.from, to: msg.to, subject: msg.subject, text: msg.body });
      await recordEmail(db, msg, this.name, 'sent');
    } catch (e) {
      await recordEmail(db, msg, this.name, `failed: ${(e as Error).message}`.slice(0, 200));
    }
  }
}
