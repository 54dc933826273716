import fs from 'node:fs/promises';

/**
 * `node bench/cpu-profile-top.ts FILE.cpuprofile [count]`: the functions of a V8 CPU profile (node --cpu-prof) with
 * the most self time, and where they are, then the same summed by file.
 */
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, countText] = process.argv.slice(2);
const count = Number(countText ?? 40);
const profile: Profile = JSON.parse(await fs.readFile(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const { functionName, url, lineNumber } = (byId.get(id) as Node).callFrame;
  const where = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'nm/')
    .replace(/^.*\/work\/main\//, '');
  const name = `${functionName || '(anonymous)'} ${where}${where ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const fileKey = where.startsWith('nm/') ? where.split('/').slice(0, 2).join('/') : where || functionName;
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + micros);
}
const show = (map: Map<string, number>, n: number) => {
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(
      `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );
  }
};
console.log(`${(total / 1000).toFixed(0)} ms sampled\n\nBy function (self time):`);
show(byFunction, count);
console.log('\nBy file (self time):');
show(byFile, 25);
