import autocannon from 'autocannon';

/**
 * The load generator, in its own process so it never shares an event loop with the servers it measures.
 * argv[2]: URL, argv[3]: request headers as JSON (optional). Runs a 3 s warm-up, then 10 s at 100 connections without pipelining; prints JSON.
 */
const url = process.argv[2];
const headers = process.argv[3] ? (JSON.parse(process.argv[3]) as Record<string, string>) : {};
const base = { url, headers, connections: 100, pipelining: 1 };
const run = (duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ ...base, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });

await run(3);
const result = await run(10);
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  }),
);
