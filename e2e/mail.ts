import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from './fixtures.ts';

/** Where the server writes its e-mails as files (no SMTP server is set in the journeys). */
const MAIL = path.join(process.env.E2E_DATA_DIR as string, 'mail');

/** A quoted-printable e-mail as a mail client shows it (soft line breaks joined, =XX bytes decoded as UTF-8). */
export const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The e-mail to `to` whose text has every one of `phrases`, once the outbox has written it (polled). */
export async function mailWith(to: string, phrases: string[]): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const names = await fs.readdir(MAIL).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith('.eml'))) {
          const text = decoded(await fs.readFile(path.join(MAIL, name), 'utf8'));
          if (text.includes(`To: ${to}`) && phrases.every((phrase) => text.includes(phrase))) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, message: `an e-mail to ${to} saying ${phrases.join(' … ')}` },
    )
    .toBe(true);
  return found;
}
