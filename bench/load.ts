import autocannon from 'autocannon';

/**
 * The load generator, in its own process so it never shares an event loop with the servers it measures.
 * argv[2]: URL, argv[3]: request headers as JSON (optional), argv[4]: options as JSON (optional):
 * connections (100), warm-up and measured seconds (3 and 10), and paths to cycle through on each connection
 * (default: the URL's own). Runs without pipelining; prints JSON.
 */
type Options = { connections?: number; warmup?: number; duration?: number; paths?: string[] };
const url = process.argv[2];
const headers = process.argv[3] ? (JSON.parse(process.argv[3]) as Record<string, string>) : {};
const options = process.argv[4] ? (JSON.parse(process.argv[4]) as Options) : {};
const base = {
  url,
  headers,
  connections: options.connections ?? 100,
  pipelining: 1,
  ...(options.paths ? { requests: options.paths.map((path) => ({ path })) } : {}),
};
const run = (duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ ...base, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });

if ((options.warmup ?? 3) > 0) await run(options.warmup ?? 3);
const result = await run(options.duration ?? 10);
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  }),
);
