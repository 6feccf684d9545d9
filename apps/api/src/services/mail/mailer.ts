import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /**
   * A stable key for this email (for example `notification-12`): over SMTP it becomes the Message-ID, so a copy
   * that a retry sends anyway is recognisable as the same message.
   */
  id?: string;
};

/** Sends email: over SMTP when configured, otherwise into the local outbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@smtp.example.com:587). */
export function smtpMailer(url: string, from: string): Mailer {
  // nodemailer is loaded on the first send, so a server without SMTP never loads it (start-up time).
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'devlearn.local';
  return {
    async send(mail) {
      await (
        await connect()
      ).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.id ? { messageId: `<${mail.id}@${domain}>` } : {}),
      });
    },
  };
}

/** No SMTP configured: the email is kept in the database and printed to the server log. */
export function outboxMailer(db: Db, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values({ to: mail.to, subject: mail.subject, body: mail.text });
      log.info(`[outbox] email to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}
