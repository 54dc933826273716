import fs from 'node:fs/promises';
import path from 'node:path';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  sandboxConnectedAccounts,
  sandboxPaymentIntents,
  sandboxRefunds,
  sandboxTransferReversals,
  sandboxTransfers,
} from './tables.ts';

export type JournalTable = 'accounts' | 'intents' | 'refunds' | 'transfers' | 'reversals';

/** The sandbox's tables, in the order a replay writes them (each row's references come first). */
const TABLES = {
  accounts: sandboxConnectedAccounts,
  intents: sandboxPaymentIntents,
  refunds: sandboxRefunds,
  transfers: sandboxTransfers,
  reversals: sandboxTransferReversals,
} as const;

const intentStage = (status: SQL | PgColumn) =>
  sql`CASE ${status} WHEN 'requires_payment_method' THEN 0 WHEN 'requires_capture' THEN 1 ELSE 2 END`;

/**
 * When a journalled row may replace the one in the database: only when it is as far along (paid, refunded,
 * reversed, onboarded), so another server's later write to the same row (its own journal) is never undone.
 */
const FORWARD: Record<JournalTable, SQL | null> = {
  accounts: sql`NOT ${sandboxConnectedAccounts.detailsSubmitted} OR excluded.details_submitted`,
  intents: sql`${intentStage(sandboxPaymentIntents.status)} <= ${intentStage(sql`excluded.status`)}
    AND ${sandboxPaymentIntents.amountRefundedCents} <= excluded.amount_refunded_cents`,
  refunds: null,
  transfers: sql`${sandboxTransfers.amountReversedCents} <= excluded.amount_reversed_cents`,
  reversals: null,
};

/**
 * The sandbox's memory outside the database (decision 036): every row the sandbox writes is appended, as it is
 * afterwards, to a JSON-lines file in DATA_DIR. A database restored to an earlier time loses the sandbox's records
 * with the store's; the journal still has them, as Stripe would, and `replay` puts them back. Without a file the
 * journal keeps nothing (the sandbox then forgets with its database).
 */
export type SandboxJournal = {
  record(table: JournalTable, row: { id: string }): Promise<void>;
  /**
   * Writes the newest journalled version of every sandbox row back into the database where the row is missing or
   * behind it; answers how many rows it looked at.
   */
  replay(db: Db): Promise<number>;
};

function revive(table: PgTable, row: Record<string, unknown>) {
  const columns = getTableColumns(table) as Record<string, { columnType: string }>;
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      columns[key]?.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value,
    ]),
  );
}

export function createSandboxJournal(file: string | null): SandboxJournal {
  let folder: Promise<unknown> | null = null;
  return {
    async record(table, row) {
      if (!file) return;
      folder ??= fs.mkdir(path.dirname(file), { recursive: true });
      await folder;
      // One appended line per write: O_APPEND keeps the lines of several writers whole.
      await fs.appendFile(file, `${JSON.stringify({ table, row })}\n`);
    },

    async replay(db) {
      if (!file) return 0;
      const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return '';
        throw error;
      });
      const newest = new Map<string, { table: JournalTable; row: Record<string, unknown> }>();
      for (const line of text.split('\n')) {
        if (!line) continue;
        const entry = JSON.parse(line) as { table: JournalTable; row: Record<string, unknown> };
        newest.set(`${entry.table}:${entry.row.id}`, entry);
      }
      let written = 0;
      for (const [name, table] of Object.entries(TABLES) as [JournalTable, (typeof TABLES)[JournalTable]][]) {
        for (const entry of newest.values()) {
          if (entry.table !== name) continue;
          const row = revive(table, entry.row) as never;
          const forward = FORWARD[name];
          const insert = db.insert(table).values(row);
          await (forward
            ? insert.onConflictDoUpdate({ target: table.id, set: row, setWhere: forward })
            : insert.onConflictDoNothing());
          written += 1;
        }
      }
      return written;
    },
  };
}
