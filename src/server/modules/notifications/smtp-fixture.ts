import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Received = { raw: string; messageId: string; to: string[] };

/**
 * A real SMTP server on 127.0.0.1 for tests: keeps every message it accepts. `refuse` decides per message
 * whether to answer with an error code instead (451: try again later; 550: never), and may act first.
 */
export async function startSmtpServer(
  refuse: (received: Received) => number | undefined | Promise<number | undefined> = () => undefined,
) {
  const accepted: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const received = {
          raw,
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        const code = await refuse(received);
        if (code) return callback(Object.assign(new Error(`refused with ${code}`), { responseCode: code }));
        accepted.push(received);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
