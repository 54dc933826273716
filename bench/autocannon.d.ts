/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    type Histogram = { average: number; p50: number; p99: number; total: number };
    type Result = {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    };
    type Options = {
      url: string;
      connections?: number;
      pipelining?: number;
      duration?: number;
      headers?: Record<string, string>;
      /** Requests each connection cycles through (paths on the URL's host). */
      requests?: { path: string }[];
    };
  }
  /** The running instance: each response as it ends (its time in ms), and each request error or timeout. */
  type Instance = {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): Instance;
    on(event: 'reqError', listener: (error: Error) => void): Instance;
  };
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): Instance;
  export default autocannon;
}
