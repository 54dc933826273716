/**
 * Heavy work against a running server (issue 34, item 5; decision 057): six exports at once, then twenty large
 * uploads at once, while GET /api/health/live is probed every 20 ms; prints the probes' p50/p99/max, the answers'
 * statuses and, given the server's pid, its memory before, at the end of and 5 s after the load.
 *
 *   node scripts/heavy-load.ts [--base http://127.0.0.1:3000] [--email vendor@… --password …] [--pid 1234]
 *     [--export /api/payouts/statements/2026-11/pdf]… [--uploads 20] [--photo photo.jpg]
 *
 * Without --export it downloads the signed-in vendor's statement of this month six times. Without --photo it makes
 * a 4.6 MB JPEG of noise. The server's own bounds answer part of the load with 429 or 503 and Retry-After: that is
 * counted, not a failure. The in-process test of the same load is src/server/heavy-work.test.ts.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'vendor@farmstall.example' },
    password: { type: 'string', default: '' },
    pid: { type: 'string' },
    export: { type: 'string', multiple: true },
    uploads: { type: 'string', default: '20' },
    photo: { type: 'string' },
  },
});
const base = values.base.replace(/\/$/, '');

const rssMb = () => {
  if (!values.pid) return undefined;
  const status = readFileSync(`/proc/${values.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** Probes /api/health/live every 20 ms until the returned function is called; each probe timed from when it was due. */
function probe() {
  const times: number[] = [];
  let failed = 0;
  const start = performance.now();
  let n = 0;
  const pending: Promise<void>[] = [];
  const timer = setInterval(() => {
    while (start + n * 20 <= performance.now()) {
      const due = start + n * 20;
      n += 1;
      pending.push(
        fetch(`${base}/api/health/live`)
          .then(async (response) => {
            await response.arrayBuffer();
            if (response.status !== 200) failed += 1;
          })
          .catch(() => {
            failed += 1;
          })
          .finally(() => times.push(performance.now() - due)),
      );
    }
  }, 5);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    const sorted = times.sort((a, b) => a - b);
    return {
      probes: sorted.length,
      failed,
      p50: Math.round(percentile(sorted, 0.5)),
      p99: Math.round(percentile(sorted, 0.99)),
      max: Math.round(sorted.at(-1) ?? 0),
    };
  };
}

function tally(statuses: number[]) {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count}× ${status}`).join(', ');
}

async function main() {
  const signIn = await fetch(`${base}/api/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: values.email, password: values.password }),
  });
  if (signIn.status !== 200) throw new Error(`Sign-in as ${values.email} answered ${signIn.status}`);
  const { token } = (await signIn.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const month = new Date().toISOString().slice(0, 7);
  const exports = values.export ?? Array(6).fill(`/api/payouts/statements/${month}/pdf`);
  const before = rssMb();

  let stop = probe();
  let started = performance.now();
  const exported = await Promise.all(
    exports.map((url) =>
      fetch(`${base}${url}`, { headers: auth }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  console.log(
    `${exports.length} exports at once: ${tally(exported)} in ${Math.round(performance.now() - started)} ms;`,
    `health ${JSON.stringify(await stop())}`,
  );

  const photo = values.photo
    ? readFileSync(values.photo)
    : await sharp({
        create: {
          width: 2600,
          height: 1950,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
  stop = probe();
  started = performance.now();
  const uploaded = await Promise.all(
    Array.from({ length: Number(values.uploads) }, async () => {
      const body = new FormData();
      body.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const response = await fetch(`${base}/api/uploads`, { method: 'POST', body, headers: auth });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const atEnd = rssMb();
  console.log(
    `${values.uploads} uploads of ${(photo.length / 1024 / 1024).toFixed(1)} MB at once: ${tally(uploaded)}`,
    `in ${Math.round(performance.now() - started)} ms; health ${JSON.stringify(await stop())}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  if (before !== undefined)
    console.log(`server RSS: ${before} MB before, ${atEnd} MB at the end, ${rssMb()} MB 5 s after`);
}

await main();
