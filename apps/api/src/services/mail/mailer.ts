import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

export type Mail = { to: string; subject: string; text: string };

/** Sends email: over SMTP when configured, otherwise into the local outbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@smtp.example.com:587). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
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
