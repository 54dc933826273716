/** The slots module's public functions: the seed (and later checkout) reach shops' fulfilment only through these. */
export { saveSettings, writeSettings } from './settings.ts';
export { decodeSlotId } from './slot-ids.ts';
