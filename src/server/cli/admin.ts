import { parseArgs } from 'node:util';
import { passwordField } from '#contract/auth.ts';
import { emailField } from '#contract/validation.ts';
import { loadConfig } from '../config.ts';
import { ensureAdmin } from '../modules/users/index.ts';
import { openDatabase } from './database.ts';

const USAGE = `Usage: npm run admin -- create <email> [--password <password>]

Creates an admin account, or makes an existing account an admin and sets its password.
The password comes from --password, else ADMIN_PASSWORD, else it is asked for in the terminal.
The database is the server's: DATABASE_URL when set, else the embedded one in DATA_DIR (stop the server first).`;

/** Reads a line from the terminal without echoing it. */
async function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) {
    throw new Error('No password given. Pass --password, set ADMIN_PASSWORD, or run this in a terminal.');
  }
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return await new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          done();
          resolve(text);
          return;
        }
        if (char === '\u0003') {
          done();
          reject(new Error('Cancelled.'));
          return;
        }
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else text += char;
      }
    };
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    stdin.on('data', onData);
  });
}

function check<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  what: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${what}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, rawEmail] = positionals;
  if (values.help || command !== 'create' || !rawEmail || positionals.length > 2) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const email = check(emailField, rawEmail, 'E-mail');
  let password = values.password ?? process.env.ADMIN_PASSWORD;
  if (!password) {
    password = await askHidden(`Password for ${email}: `);
    const again = await askHidden('Repeat the password: ');
    if (again !== password) throw new Error('The passwords do not match.');
  }
  check(passwordField, password, 'Password');

  const database = await openDatabase(config);
  try {
    const result = await ensureAdmin(database.db, email, password);
    console.log(`Admin ${email} ${result}. Sign in at ${config.publicUrl}/login`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
