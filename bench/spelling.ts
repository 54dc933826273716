import { SpellingIndex } from '../src/server/modules/catalog/spelling-index.ts';

/**
 * `node --expose-gc bench/spelling.ts [terms…]`: the in-memory spelling index (decision 030) for dictionaries of
 * each size given (85, 10,000 and 100,000 terms by default; synthetic words of 5–12 letters, the same on every
 * run): the CPU time to build it, the heap it holds, and the CPU time to correct a word (warm) with one edit (a letter dropped
 * from 2,000 of its terms, every other one with a letter added at the end too: two edits).
 */
const sizes = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [85, 10_000, 100_000];
const letters = 'abcdefghijklmnopqrstuvwxyz';
/** CPU time (user and system) of this process since `since`, so that other work on a shared machine does not count. */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

function measure(size: number): string {
  let seed = 42;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const unique = new Set<string>();
  while (unique.size < size) {
    const length = 5 + Math.floor(random() * 8);
    unique.add(Array.from({ length }, () => letters[Math.floor(random() * 26)]).join(''));
  }
  const terms = [...unique];
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = process.cpuUsage();
  const index = new SpellingIndex();
  for (const term of terms) index.add(term);
  const buildMs = cpuMs(started);
  globalThis.gc?.();
  const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const typos = terms.slice(0, 2_000).map((term, i) => `${term.slice(0, 2)}${term.slice(3)}${i % 2 ? 'x' : ''}`);
  for (const word of typos) index.correct(word); // warm, as a running server is
  const correcting = process.cpuUsage();
  const corrected = typos.filter((word) => index.correct(word) !== null).length;
  const perWordUs = (cpuMs(correcting) / typos.length) * 1000;
  return `${size.toLocaleString('en-US')} terms: built in ${buildMs.toFixed(0)} ms of CPU, heap ${heapMiB.toFixed(1)} MiB${globalThis.gc ? '' : ' (run with --expose-gc for an exact figure)'}, ${perWordUs.toFixed(1)} µs of CPU per word corrected (${corrected} of ${typos.length} found a term)`;
}

for (const size of sizes) console.log(measure(size));
