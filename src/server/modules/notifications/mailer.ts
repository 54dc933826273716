import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

export type MailSettings = {
  /** smtp://user:pass@host:587 or smtps://…; undefined: e-mails are written as .eml files under `dataDir/mail`. */
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
};

/** Sends one e-mail, or writes it as `<name>.eml` when no SMTP server is set. */
export type Mailer = {
  send: (message: Mail.Options, name: string) => Promise<void>;
  close: () => void;
  /** The folder e-mails are written to when no SMTP server is set. */
  folder: string | undefined;
};

/**
 * Every SMTP wait is bounded, so one send ends well within an outbox row's claim (decision 019): a row is
 * only taken from a live sender after that.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Where e-mails are written as files: DATA_DIR/mail when no SMTP server is set. */
export const mailFolder = ({ smtpUrl, dataDir }: Pick<MailSettings, 'smtpUrl' | 'dataDir'>) =>
  smtpUrl ? undefined : path.join(dataDir, 'mail');

export function createMailer({ smtpUrl, from, dataDir }: MailSettings): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
    return {
      folder: undefined,
      send: async (message) => {
        await transport.sendMail(message);
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    folder,
    send: async (message, name) => {
      const info = await transport.sendMail(message);
      await fs.mkdir(folder, { recursive: true });
      // Written whole under a temporary name, then renamed: a file is there complete or not at all.
      const file = path.join(folder, `${name}.eml`);
      try {
        await fs.writeFile(`${file}.tmp`, info.message as Buffer);
        await fs.rename(`${file}.tmp`, file);
      } catch (error) {
        // A full disk leaves no half-written file behind (the outbox tries the message again).
        await fs.rm(`${file}.tmp`, { force: true });
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
