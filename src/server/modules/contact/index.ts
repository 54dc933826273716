/** The contact module's public functions: the contact form's messages are read and deleted only here. */
export { contactMessagesForExport, eraseContactMessages } from './leaving.ts';
