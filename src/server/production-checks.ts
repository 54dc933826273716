import type { IncomingMessage, Server } from 'node:http';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { demoAccountsPresent, shouldSeedDemo } from './db/seed/index.ts';

/**
 * NODE_ENV=production (deploy/farmstall.service, deploy/Containerfile) refuses the settings that suit the demo store
 * and not a real one. Each refusal is one line naming the setting and what to do (docs/deploy.md, "Production
 * checklist"). Outside production nothing is checked: `npm start` gives the stocked demo store.
 */
export class ProductionRefusal extends Error {
  readonly lines: string[];
  constructor(lines: string[]) {
    super(lines.join('\n'));
    this.lines = lines;
  }
}

/** What the settings alone make unsafe in production (checked before the database is opened). */
export function settingRefusals(config: Config): string[] {
  if (!config.production) return [];
  const lines: string[] = [];
  if (config.payments.provider === 'sandbox' && !config.allowSandboxPayments)
    lines.push(
      'PAYMENT_PROVIDER=sandbox accepts test cards (4242 …) and takes no money: set PAYMENT_PROVIDER=stripe with its keys, or ALLOW_SANDBOX_PAYMENTS=true for a staging store',
    );
  if (!config.publicUrl.startsWith('https://'))
    lines.push(
      `PUBLIC_URL=${config.publicUrl} is not https (sign-in cookies would not be Secure): set PUBLIC_URL=https://your.domain and terminate TLS in front of the server (deploy/nginx.conf)`,
    );
  if (config.testClockHeader)
    lines.push('TEST_CLOCK_HEADER=true lets any request move the clock: unset it (browser journeys only)');
  return lines;
}

/** The demo in a production database: the demo seed about to run, or a demo account (its password is public). */
export async function demoRefusals(db: Db, config: Config): Promise<string[]> {
  if (!config.production) return [];
  const lines: string[] = [];
  if (await shouldSeedDemo(db, config.seedDemo, { adminEmail: config.admin?.email }))
    lines.push(
      `SEED_DEMO=${config.seedDemo ?? '(unset)'} would seed the demo catalog and its accounts, whose passwords are public: set SEED_DEMO=false and ADMIN_EMAIL/ADMIN_PASSWORD`,
    );
  const demo = await demoAccountsPresent(db);
  if (demo.length > 0)
    lines.push(
      `SEED_DEMO: demo accounts exist in this database (${demo.slice(0, 3).join(', ')}${demo.length > 3 ? ` and ${demo.length - 3} more` : ''}), whose passwords are public: start on a database without the demo (a new DATA_DIR or DATABASE_URL)`,
    );
  return lines;
}

/**
 * In production with TRUST_PROXY off, the first request that carries X-Forwarded-For is logged once: behind a proxy
 * every client then shares the proxy's address (one write budget for all shoppers, one address in the logs).
 */
export function warnOfUntrustedProxy(server: Server, config: Config, warn: (message: string) => void): void {
  if (!config.production || config.trustProxy !== false) return;
  const onRequest = (request: IncomingMessage) => {
    if (request.headers['x-forwarded-for'] === undefined) return;
    server.off('request', onRequest);
    warn(
      `TRUST_PROXY is off but requests arrive through a proxy (X-Forwarded-For from ${request.socket.remoteAddress}): every client counts as the proxy's address (one rate limit for all); set TRUST_PROXY to the proxy's address, e.g. TRUST_PROXY=loopback`,
    );
  };
  server.on('request', onRequest);
}
