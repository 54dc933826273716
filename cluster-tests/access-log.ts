import { readFileSync } from 'node:fs';

/** One line of nginx's access log (deploy/nginx.conf, log_format farmstall: JSON). */
export type LogLine = { msec: number; request: string; status: number; upstream_addr: string };

export type AccessLog = {
  lines: LogLine[];
  /** The line of the request tagged `?probe=<id>`. */
  byProbe: Map<string, LogLine>;
};

export function readAccessLog(file: string): AccessLog {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
  const byProbe = new Map<string, LogLine>();
  for (const line of lines) {
    const probe = /[?&]probe=([\w-]+)/.exec(line.request)?.[1];
    if (probe) byProbe.set(probe, line);
  }
  return { lines, byProbe };
}

/** Every app server nginx tried for the request, in order ("127.0.0.1:1, 127.0.0.1:2"; "-" when none). */
export const upstreams = (line: LogLine): string[] => line.upstream_addr.match(/\d+\.\d+\.\d+\.\d+:\d+/g) ?? [];

/** The server that gave the answer (the last one tried). */
export const answeredBy = (line: LogLine) => upstreams(line).at(-1);

/** Lines nginx logged between two moments (ms since the epoch). */
export const between = (log: AccessLog, from: number, to: number) =>
  log.lines.filter((line) => line.msec * 1000 >= from && line.msec * 1000 <= to);
