import { inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { platformSettings } from '../db/schema.js';
import { unsafeSystemDb } from '../db/tenant-scope.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (the branded mails with the operator's logo). */
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const SMTP_KEYS = ['smtpHost', 'smtpPort', 'smtpSecure', 'smtpUser', 'smtpPassword', 'smtpFrom'];

/**
 * Sends through the SMTP server the operator configured in platform settings, else the one in the
 * environment. With neither, the mail is written to the log so a local install still works.
 */
export function createMailer(config: Config, db: Database, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      const rows = await unsafeSystemDb(db)
        .select()
        .from(platformSettings)
        .where(inArray(platformSettings.key, SMTP_KEYS));
      const s = Object.fromEntries(rows.map((r) => [r.key, r.value]));
      const smtp = s.smtpHost
        ? {
            host: s.smtpHost,
            port: Number(s.smtpPort || 587),
            secure: s.smtpSecure === 'true',
            user: s.smtpUser || undefined,
            password: s.smtpPassword || undefined,
            from: s.smtpFrom || 'Prosa <no-reply@prosa.local>',
          }
        : config.smtp;
      if (!smtp) {
        log.warn({ to: mail.to, subject: mail.subject, text: mail.text }, 'SMTP not configured; mail written to the log');
        return;
      }
      const transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
        tls: { rejectUnauthorized: false },
      });
      await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}

