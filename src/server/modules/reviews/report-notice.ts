import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';
import { listUsers } from '../users/index.ts';
import { comments } from './tables.ts';

/** A reported review tells every admin, in the reporting transaction (its text cut to 140 characters). */
export async function tellAdminsOfReport(db: Db, tx: Tx, review: { id: string; productName: string }) {
  const { rows: admins } = await listUsers(db, 'admin');
  const [row] = await tx.select({ text: comments.commentDes }).from(comments).where(eq(comments.id, review.id));
  const excerpt = row.text.length > 140 ? `${row.text.slice(0, 139)}…` : row.text;
  await notify(
    tx,
    admins.map((admin) => ({ userId: admin.id, email: admin.email })),
    { kind: 'review_reported', reviewId: review.id, productName: review.productName, excerpt },
  );
}
