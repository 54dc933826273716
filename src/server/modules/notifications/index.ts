/** The notifications module's public functions: the outbox, in-app notifications and e-mail preferences. */
export { deleteOldSentNotifications } from './cleanup.ts';
export { type DeliveryOptions, deliverDueNotifications } from './deliver.ts';
export { eraseNotifications, notificationsForExport, replaceWords } from './leaving.ts';
export { createMailer, type Mailer } from './mailer.ts';
export { outboxFailed, outboxPending } from './metrics.ts';
export { emailAgain, noticesOfOrder } from './order-mail.ts';
export { notify, type Recipient, withdrawHeldNotifications } from './outbox.ts';
export { deleteOldFailedNotifications, deleteOldMailFiles, trimBellNotifications } from './retention.ts';
