import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createSandboxJournal } from './sandbox-journal.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { sandboxPaymentIntents } from './tables.ts';

const t = setupTestApp();

describe('the sandbox’s journal (decision 036)', () => {
  it('gives back what a restore took from the sandbox, and never undoes a later write of another server', async () => {
    const journal = createSandboxJournal(path.join(t.config.dataDir, 'journal-of-one-server.jsonl'));
    const sandbox = createSandboxProvider(t.db, journal);
    // Another server on the same database, whose own journal is elsewhere.
    const other = createSandboxProvider(t.db);
    const since = new Date();
    const intent = await sandbox.createIntent({
      amountCents: 1500,
      description: 'Checkout',
      metadata: { purpose: 'checkout', userId: 'u1' },
    });
    await other.confirm(intent.id, intent.clientSecret, '4242424242424242');

    // This server's journal has the intent unpaid; the database's later state stands.
    await sandbox.listActivity(since);
    expect((await sandbox.retrieveIntent(intent.id))?.status).toBe('succeeded');

    // A restore to before the intent: the sandbox lists it again from its journal, with what the store sent.
    await t.db.delete(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intent.id));
    expect(await sandbox.retrieveIntent(intent.id)).toBeNull();
    const listed = await sandbox.listActivity(since);
    expect(listed.payments).toEqual([
      expect.objectContaining({
        id: intent.id,
        amountCents: 1500,
        status: 'requires_payment_method',
        metadata: { purpose: 'checkout', userId: 'u1' },
      }),
    ]);
    expect(listed.payments[0].createdAt.getTime()).toBeGreaterThanOrEqual(since.getTime() - 1000);
  });
});
