import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEPLOY_DIR = fileURLToPath(new URL('../../deploy', import.meta.url));

/**
 * The part of a line that a value replaces: nginx's `directive value …;` (the first argument), an ini `key = value`
 * (everything after `=`), YAML's `key: value` (everything after `:`), HAProxy's `keyword arguments` (every argument).
 */
const SYNTAX = {
  nginx: /^(\s*\S+\s+)(\S+?)(;.*|\s.*)$/,
  ini: /^(\s*[\w.-]+\s*=\s*)(.*)$/,
  yaml: /^(\s*(?:- )?[\w.-]+:\s*)(.*)$/,
  haproxy: /^(\s*\S+\s+)(.*)$/,
};
const syntaxOf = (file: string): keyof typeof SYNTAX =>
  file.endsWith('.ini') || file === 'pgbackrest.conf'
    ? 'ini'
    : file.endsWith('.yml')
      ? 'yaml'
      : file.endsWith('.cfg')
        ? 'haproxy'
        : 'nginx';
const MARKER = /^\s*[#;] @cluster (\w+)/;

/**
 * Renders a deployment reference file (deploy/nginx.conf, pgbouncer.ini, pgbackrest.conf, patroni.yml, etcd.yml,
 * haproxy.cfg) for this machine: the line after each `# @cluster NAME` (`; @cluster NAME` in .ini) gets `values[NAME]`
 * in place of its value (see SYNTAX); an array repeats the line once per value, replacing the lines of the same directive
 * right after it (the reference's examples). Every marker needs a value and every value a marker, so the reference
 * and what runs cannot drift apart silently.
 */
export function renderReference(file: string, values: Record<string, string | string[]>): string {
  const lines = readFileSync(path.join(DEPLOY_DIR, file), 'utf8').split('\n');
  const syntax = syntaxOf(file);
  const keepsTail = syntax === 'nginx';
  const used = new Set<string>();
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    const name = MARKER.exec(lines[i])?.[1];
    if (!name) continue;
    const value = values[name];
    if (value === undefined) throw new Error(`${file}: no value for @cluster ${name}`);
    used.add(name);
    const target = lines[i + 1] ?? '';
    const match = SYNTAX[syntax].exec(target);
    if (!match) throw new Error(`${file}: the line after @cluster ${name} has no value: ${target}`);
    const directive = target.trim().split(/\s/)[0];
    for (const one of Array.isArray(value) ? value : [value])
      out.push(`${match[1]}${one}${keepsTail ? (match[3] ?? '') : ''}`);
    i++;
    while (Array.isArray(value) && lines[i + 1]?.trim().split(/\s/)[0] === directive) i++;
  }
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`${file}: no @cluster marker for ${unused.join(', ')}`);
  return out.join('\n');
}
