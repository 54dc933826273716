import { spawn } from 'node:child_process';

/**
 * `npm run test:at -- <time> [command…]`: runs the unit and API tests (or the command given, such as `playwright test`)
 * with every process's clock moved to <time> and running on from there: the tests, the servers they start, the
 * embedded database and Chromium. Dates break fixtures and business days at New Year, at a clock change, on 29
 * February; this tries them before they come. Needs libfaketime (`apt-get install faketime`).
 *
 *   npm run test:at -- 2027-01-01T07:50:00Z                  New Year's Eve, ten minutes before midnight in Portland
 *   npm run test:at -- 2027-03-14T09:50:00Z playwright test  the journeys across the spring clock change
 */
const [at, ...command] = process.argv.slice(2);
const target = Date.parse(at ?? '');
if (Number.isNaN(target) || !/(Z|[+-]\d\d:\d\d)$/u.test(at ?? '')) {
  console.error('Usage: npm run test:at -- <ISO time with its offset, e.g. 2027-01-01T07:50:00Z> [command…]');
  process.exit(2);
}
// An offset, not a start time: processes started later keep the same clock as those started first.
const offsetSeconds = Math.round((target - Date.now()) / 1000);
const [program, ...args] = command.length > 0 ? command : ['vitest', 'run'];
const child = spawn('faketime', ['-f', `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`, program, ...args], {
  stdio: 'inherit',
  // Timers and timeouts keep real time: only the wall clock moves.
  env: { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
});
child.on('error', (error) => {
  console.error(`faketime could not be started (${error.message}): apt-get install faketime`);
  process.exit(2);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
