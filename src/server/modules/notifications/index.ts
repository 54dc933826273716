/** The notifications module's public functions: the outbox, in-app notifications and e-mail preferences. */
export { deleteOldSentNotifications, KEEP_SENT_DAYS } from './cleanup.ts';
export { type DeliveryOptions, deliverDueNotifications } from './deliver.ts';
export { createMailer, type Mailer, type MailSettings } from './mailer.ts';
export { notify, type Recipient } from './outbox.ts';
