import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '#contract/api/notifications.ts';
import { handle } from '../../route-table.ts';
import { modified } from '../../spec-answers.ts';
import {
  emailPreferencesOf,
  listNotifications,
  listOutbox,
  markNotificationsRead,
  readMailFile,
  setEmailPreferences,
} from './inbox.ts';
import { mailFolder } from './mailer.ts';

/** The bell's notifications and the caller's e-mail preferences; the outbox for admins. */
export async function notificationRoutes(app: FastifyInstance) {
  const folder = () => mailFolder({ smtpUrl: app.config.mail.smtpUrl, dataDir: app.config.dataDir });

  handle(app, notificationsApi.list, async ({ query, user }) => listNotifications(app.db, user.id, query));
  handle(app, notificationsApi.read, async ({ body, user }) => {
    const { changed, unread } = await markNotificationsRead(app.db, user.id, body);
    return { ...modified(changed), unread };
  });
  handle(app, notificationsApi.preferences, async ({ user }) => emailPreferencesOf(app.db, user.id));
  handle(app, notificationsApi.setPreferences, async ({ body, user }) => setEmailPreferences(app.db, user.id, body));
  handle(app, notificationsApi.outbox, async ({ query }) => listOutbox(app.db, query, folder()));
  handle(app, notificationsApi.mailFile, async ({ params }, reply) =>
    reply
      .header('content-type', 'message/rfc822')
      .header('content-disposition', `attachment; filename="${params.name}"`)
      .header('cache-control', 'private, no-store')
      .send(await readMailFile(folder(), params.name)),
  );
}
