import autocannon from 'autocannon';

/**
 * The load generator, in its own process so it never shares an event loop with the servers it measures.
 * argv[2]: URL, argv[3]: request headers as JSON (optional), argv[4]: options as JSON (optional):
 * connections (100), warm-up and measured seconds (3 and 10), and paths to cycle through on each connection
 * (default: the URL's own). Runs without pipelining; prints JSON.
 *
 * One run on the same keep-alive connections throughout: the measured seconds are those after the warm-up, and only
 * the responses that end in them count. A second run would open new connections, whose first requests wait for a
 * saturated server to take them in behind the warm-up's last ones (up to 2 s each for a server at 700 req/s: 1 % of
 * a 10-s run, which became its p99).
 */
type Options = { connections?: number; warmup?: number; duration?: number; paths?: string[] };
const url = process.argv[2];
const headers = process.argv[3] ? (JSON.parse(process.argv[3]) as Record<string, string>) : {};
const options = process.argv[4] ? (JSON.parse(process.argv[4]) as Options) : {};
const warmupMs = (options.warmup ?? 3) * 1000;
const durationMs = (options.duration ?? 10) * 1000;

const latencies: number[] = [];
let errors = 0;
let started = 0;
const measuring = () => performance.now() - started >= warmupMs;
await new Promise<void>((resolve, reject) => {
  const instance = autocannon(
    {
      url,
      headers,
      connections: options.connections ?? 100,
      pipelining: 1,
      duration: (warmupMs + durationMs) / 1000,
      ...(options.paths ? { requests: options.paths.map((path) => ({ path })) } : {}),
    },
    (error) => (error ? reject(error) : resolve()),
  );
  started = performance.now();
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (!measuring()) return;
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode > 299) errors++;
  });
  instance.on('reqError', () => {
    if (measuring()) errors++;
  });
});
const measuredSeconds = (performance.now() - started - warmupMs) / 1000;
latencies.sort((a, b) => a - b);
const percentile = (q: number) =>
  latencies.length === 0 ? 0 : Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]);
console.log(
  JSON.stringify({
    requestsPerSecond: latencies.length / measuredSeconds,
    p50: percentile(0.5),
    p99: percentile(0.99),
    errors,
    total: latencies.length,
  }),
);
