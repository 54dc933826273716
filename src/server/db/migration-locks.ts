import fs from 'node:fs/promises';
import path from 'node:path';
import { NO_TRANSACTION } from './migrator.ts';

/**
 * The CI check of new migrations' locks (issue 34, item 6; decision 056; `scripts/check-migration-locks.ts`, a step of
 * `npm test`). A statement that takes ACCESS EXCLUSIVE on products, orders, order_lines or users stops every read of
 * that table until its migration commits (and every read asked while it waits for the lock); one that takes SHARE or
 * SHARE ROW EXCLUSIVE stops the writes (checkout). Such a statement in a migration from LOCK_CHECK_FROM on fails the
 * check unless a comment on it says why the lock is fine: `-- lock: <why>` just above the statement or inside it.
 * Migrations before the cut-off ran with every store already; they are not edited (their hash is recorded).
 *
 * It reads SQL text, not a parse tree: it knows the statements migrations write (ALTER TABLE, CREATE/DROP INDEX,
 * TRUNCATE, LOCK, VACUUM FULL, CLUSTER, REINDEX, DROP TABLE, triggers and rules, DO blocks), by PostgreSQL's table of
 * lock modes (https://www.postgresql.org/docs/current/explicit-locking.html).
 */

/** The first migration the check applies to (0000–0056 were written before it). */
export const LOCK_CHECK_FROM = 57;
export const GUARDED_TABLES = ['products', 'orders', 'order_lines', 'users'] as const;

export type Statement = { code: string; comments: string[]; line: number };
export type Finding = { tag: string; line: number; statement: string; problem: string };

/** Splits SQL into statements at `;` outside strings, quoted names, comments and dollar-quoted bodies. */
export function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  let code = '';
  let comments: string[] = [];
  let line = 1;
  let start = 0; // the line of the statement's first code
  let endedOnLine = -1; // the line of the last statement's `;`: a comment after it on that line is the statement's
  const finish = () => {
    if (code.trim() !== '') statements.push({ code: code.trim(), comments, line: start });
    code = '';
    comments = [];
  };
  const addComment = (text: string, at: number) => {
    if (/^>\s*statement-breakpoint/.test(text)) return;
    const last = statements.at(-1);
    if (code.trim() === '' && at === endedOnLine && last) last.comments.push(text.trim());
    else comments.push(text.trim());
  };
  for (let i = 0; i < sql.length; ) {
    const c = sql[i];
    const rest = sql.slice(i, i + 2);
    if (rest === '--') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      addComment(sql.slice(i + 2, stop), line);
      i = stop;
    } else if (rest === '/*') {
      let depth = 1;
      let j = i + 2;
      while (j < sql.length && depth > 0) {
        const step = sql.startsWith('/*', j) ? 1 : sql.startsWith('*/', j) ? -1 : 0;
        depth += step;
        j += step === 0 ? 1 : 2;
      }
      const text = sql.slice(i + 2, j - 2);
      addComment(text, line);
      line += text.split('\n').length - 1;
      i = j;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      if (code.trim() === '') start = line;
      const text = sql.slice(i, j + 1);
      code += text;
      line += text.split('\n').length - 1;
      i = j + 1;
    } else if (c === '$' && /^\$(?:[A-Za-z_]\w*)?\$/.test(sql.slice(i))) {
      const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(sql.slice(i))![0];
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end === -1 ? sql.length : end + tag.length;
      if (code.trim() === '') start = line;
      const text = sql.slice(i, stop);
      code += text;
      line += text.split('\n').length - 1;
      i = stop;
    } else if (c === ';') {
      finish();
      endedOnLine = line;
      i += 1;
    } else {
      if (c === '\n') line += 1;
      else if (code.trim() === '' && c.trim() !== '') start = line;
      code += c;
      i += 1;
    }
  }
  finish();
  return statements;
}

/** The statement in lower case, names unquoted and without `public.`, literals emptied, spaces collapsed. */
function normalize(code: string): string {
  return code
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"([^"]+)"/g, (_, name: string) => name.toLowerCase())
    .replace(/\bpublic\./gi, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const NAME = '([a-z_][\\w$]*)';
const LIST = '([a-z_][\\w$]*(?:\\s*,\\s*[a-z_][\\w$]*)*)';
const names = (list: string) => list.split(',').map((name) => name.trim());

/** Splits at commas outside parentheses (an ALTER TABLE's subcommands). */
function topLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    if (c === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

/** ALTER TABLE subcommands that take less than ACCESS EXCLUSIVE, and what they take. */
function alterLock(subcommand: string): string {
  if (/^validate constraint\b/.test(subcommand)) return 'SHARE UPDATE EXCLUSIVE';
  if (/^alter (column )?\S+ set statistics\b/.test(subcommand)) return 'SHARE UPDATE EXCLUSIVE';
  if (/^(set|reset) \(/.test(subcommand)) return 'SHARE UPDATE EXCLUSIVE';
  if (/^(cluster on|set without cluster)\b/.test(subcommand)) return 'SHARE UPDATE EXCLUSIVE';
  if (/^(enable|disable) (always |replica )?trigger\b/.test(subcommand)) return 'SHARE ROW EXCLUSIVE';
  if (/^add (constraint \S+ )?foreign key\b/.test(subcommand))
    return /\bnot valid$/.test(subcommand) ? 'SHARE ROW EXCLUSIVE' : 'SHARE ROW EXCLUSIVE, while it reads every row';
  return 'ACCESS EXCLUSIVE';
}

/** The guarded tables a statement locks too much, with the lock: [table, lock][]. */
function locks(code: string, indexTables: Map<string, string>): [string, string][] {
  const s = normalize(code);
  const guarded = (table: string) => (GUARDED_TABLES as readonly string[]).includes(table);
  const found: [string, string][] = [];
  const take = (tables: string[], lock: string) => {
    for (const table of tables) if (guarded(table)) found.push([table, lock]);
  };
  const rules: [RegExp, (m: RegExpExecArray) => void][] = [
    [
      new RegExp(`^alter table (?:if exists )?(?:only )?${NAME} (.*)$`),
      ([, table, rest]) => {
        if (/^rename\b|^set schema\b/.test(rest)) return take([table], 'ACCESS EXCLUSIVE');
        const modes = topLevel(rest).map(alterLock);
        const lock = modes.find((mode) => mode === 'ACCESS EXCLUSIVE') ?? modes.find((mode) => mode.includes('while'));
        if (lock) take([table], lock);
      },
    ],
    [
      new RegExp(`^create (?:unique )?index (?!concurrently)(?:if not exists )?(?:${NAME} )?on (?:only )?${NAME}`),
      (m) =>
        take([m[2]], 'SHARE, while the index builds (use CREATE INDEX CONCURRENTLY in a no-transaction migration)'),
    ],
    [
      new RegExp(`^drop index (?!concurrently)(?:if exists )?${LIST}`),
      (m) => {
        for (const index of names(m[1])) {
          const table = indexTables.get(index);
          if (table) take([table], 'ACCESS EXCLUSIVE (use DROP INDEX CONCURRENTLY in a no-transaction migration)');
          else found.push([`the table of ${index} (no earlier migration creates it)`, 'ACCESS EXCLUSIVE']);
        }
      },
    ],
    [new RegExp(`^drop table (?:if exists )?${LIST}`), (m) => take(names(m[1]), 'ACCESS EXCLUSIVE')],
    [new RegExp(`^truncate (?:table )?(?:only )?${LIST}`), (m) => take(names(m[1]), 'ACCESS EXCLUSIVE')],
    [
      new RegExp(`^lock (?:table )?(?:only )?${LIST}(?: in ([a-z ]+?) mode)?(?: nowait)?$`),
      (m) => {
        const mode = m[2] ?? 'access exclusive';
        if (!['access share', 'row share', 'row exclusive'].includes(mode)) take(names(m[1]), mode.toUpperCase());
      },
    ],
    [
      /^vacuum (?:\(([^)]*)\) |((?:full |freeze |verbose |analyze )+))?(.*)$/,
      ([, options, words, tables]) => {
        if (!/\bfull\b/.test(`${options ?? ''} ${words ?? ''}`)) return;
        take(tables.trim() === '' ? [...GUARDED_TABLES] : names(tables.replace(/\([^)]*\)/g, '')), 'ACCESS EXCLUSIVE');
      },
    ],
    [
      /^cluster(?: \([^)]*\))?(?: verbose)?(?: ([a-z_][\w$]*))?/,
      ([, table]) => take(table ? [table] : [...GUARDED_TABLES], 'ACCESS EXCLUSIVE'),
    ],
    [
      /^reindex (?:\([^)]*\) )?(table|index|schema|database|system) (concurrently )?([a-z_][\w$]*)?/,
      ([, kind, concurrently, name]) => {
        if (concurrently) return;
        const lock = 'SHARE (writes wait; use REINDEX CONCURRENTLY in a no-transaction migration)';
        if (kind === 'table') take([name], lock);
        else if (kind === 'index') take([indexTables.get(name ?? '') ?? ''], lock);
        else take([...GUARDED_TABLES], lock);
      },
    ],
    [new RegExp(`^drop trigger (?:if exists )?${NAME} on ${NAME}`), (m) => take([m[2]], 'ACCESS EXCLUSIVE')],
    [
      new RegExp(`^create (?:or replace )?(?:constraint )?trigger .*? on ${NAME}`),
      (m) => take([m[1]], 'SHARE ROW EXCLUSIVE (writes wait until the migration commits)'),
    ],
    [new RegExp(`^create (?:or replace )?rule .*? to ${NAME}`), (m) => take([m[1]], 'ACCESS EXCLUSIVE')],
    [
      /^do\b/,
      () => {
        const body = /\$(?:[a-z_]\w*)?\$([\s\S]*)\$(?:[a-z_]\w*)?\$/i.exec(code)?.[1] ?? '';
        for (const inner of splitStatements(body.replace(/^\s*begin\b|\bend\s*;?\s*$/gi, ''))) {
          found.push(...locks(inner.code, indexTables));
        }
      },
    ],
  ];
  for (const [pattern, apply] of rules) {
    const match = pattern.exec(s);
    if (match) {
      apply(match);
      break;
    }
  }
  return found;
}

/** Which table each index of the migrations is on, following renames: index name → table. */
export function indexTablesOf(sqls: string[]): Map<string, string> {
  const tables = new Map<string, string>();
  for (const sql of sqls) {
    for (const { code } of splitStatements(sql)) {
      const s = normalize(code);
      const created = new RegExp(
        `^create (?:unique )?index (?:concurrently )?(?:if not exists )?${NAME} on (?:only )?${NAME}`,
      ).exec(s);
      if (created) tables.set(created[1], created[2]);
      const renamed = new RegExp(`^alter index (?:if exists )?${NAME} rename to ${NAME}`).exec(s);
      if (renamed && tables.has(renamed[1])) tables.set(renamed[2], tables.get(renamed[1]) ?? '');
    }
  }
  return tables;
}

const REASON = /^lock:\s*(\S.{9,})/i;

/** The findings of one migration's SQL (`tag` names it in the findings). */
export function checkMigrationSql(tag: string, sql: string, indexTables: Map<string, string>): Finding[] {
  const findings: Finding[] = [];
  const noTransaction = NO_TRANSACTION.test(sql);
  if (!noTransaction && /--\s*migrate:\s*no-transaction/i.test(sql))
    findings.push({
      tag,
      line: 0,
      statement: '-- migrate: no-transaction',
      problem: 'the marker counts only as the first line',
    });
  for (const statement of splitStatements(sql)) {
    const excerpt = statement.code.replace(/\s+/g, ' ').slice(0, 100);
    const report = (problem: string) => findings.push({ tag, line: statement.line, statement: excerpt, problem });
    const s = normalize(statement.code);
    const concurrently = /^(create (unique )?index|drop index|reindex)\b.*\bconcurrently\b/.test(s);
    if (concurrently && !noTransaction) {
      report('CONCURRENTLY cannot run in a transaction: start the file with `-- migrate: no-transaction`');
    }
    if (noTransaction) {
      if (/^create (unique )?index\b/.test(s) && !/ if not exists /.test(s))
        report('a no-transaction migration may run again from its start: CREATE INDEX CONCURRENTLY IF NOT EXISTS');
      if (/^drop index\b/.test(s) && !/ if exists /.test(s))
        report('a no-transaction migration may run again from its start: DROP INDEX CONCURRENTLY IF EXISTS');
    }
    const taken = locks(statement.code, indexTables);
    if (taken.length === 0) continue;
    if (statement.comments.some((comment) => REASON.test(comment))) continue;
    for (const [table, lock] of taken) {
      report(`takes ${lock} on ${table} with no \`-- lock: <why>\` comment on the statement`);
    }
  }
  if (noTransaction) {
    for (const [index, chunk] of sql.split('--> statement-breakpoint').entries()) {
      if (splitStatements(chunk).length > 1)
        findings.push({
          tag,
          line: 0,
          statement: `part ${index + 1}`,
          problem: 'a no-transaction migration has one statement between breakpoints (several run as one transaction)',
        });
    }
  }
  return findings;
}

/** The findings of a migrations folder's files from `from` on (their number), each file's indexes known from all. */
export async function checkMigrationLocks(
  dir: string,
  from = LOCK_CHECK_FROM,
): Promise<{ checked: string[]; findings: Finding[] }> {
  const files = (await fs.readdir(dir)).filter((name) => /^\d{4}_.*\.sql$/.test(name)).sort();
  const sqls = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  const findings: Finding[] = [];
  const checked: string[] = [];
  files.forEach((file, i) => {
    if (Number(file.slice(0, 4)) < from) return;
    checked.push(file);
    findings.push(...checkMigrationSql(file, sqls[i], indexTablesOf(sqls.slice(0, i))));
  });
  return { checked, findings };
}
