import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { makeOrder } from '../modules/checkout/index.ts';
import { createPaymentProviders } from '../modules/payments/index.ts';
import { openDatabase } from './database.ts';
import { describeReport, reconcileAfterRestore } from './restore-reconcile.ts';

const USAGE = `Usage: npm run reconcile -- --since <time> [--dry-run]

After the database was restored to an earlier <time> (ISO 8601, e.g. 2026-11-28T21:00:00Z), matches every payment,
refund and transfer the payment provider made from then on with the store: a charge the store lost becomes its
order again (or is refunded, as checkout's settle path decides), an open one is settled, a lost refund or transfer
is recorded so it is never made twice. One line per object, then a summary.
--dry-run only reports what would be done.
Exit code: 0 everything matched or settled; 1 something needs a person (its lines say what); 3 a dry run found
changes to make; 2 wrong usage.
The database is the server's: DATABASE_URL when set, else the embedded one in DATA_DIR (stop the server first).`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      since: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const since = values.since === undefined ? Number.NaN : Date.parse(values.since);
  if (values.help || positionals.length > 0 || Number.isNaN(since)) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const payments = createPaymentProviders(config, database.db, makeOrder);
    const report = await reconcileAfterRestore(database.db, payments, new Date(since), {
      dryRun: values['dry-run'],
    });
    const { text, exitCode } = describeReport(report, new Date(since));
    console.log(text);
    process.exitCode = exitCode;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
