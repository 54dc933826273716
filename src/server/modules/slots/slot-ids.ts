import { Temporal } from 'temporal-polyfill';

/**
 * A slot's id: its window's id and the date it starts on, packed into 20 bytes (16 of the uuid, 4 of the date as
 * the number YYYYMMDD) and written base64url. The same window and date always give the same id; checkout decodes
 * it and checks the window against the shop.
 */
export function encodeSlotId(windowId: string, date: string): string {
  const bytes = Buffer.alloc(20);
  Buffer.from(windowId.replaceAll('-', ''), 'hex').copy(bytes);
  bytes.writeUInt32BE(Number(date.replaceAll('-', '')), 16);
  return bytes.toString('base64url');
}

/** The window and date of a slot id, or undefined when the text is not one. */
export function decodeSlotId(slotId: string): { windowId: string; date: string } | undefined {
  if (!/^[A-Za-z0-9_-]{27}$/.test(slotId)) return undefined;
  const bytes = Buffer.from(slotId, 'base64url');
  const hex = bytes.subarray(0, 16).toString('hex');
  const windowId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const number = bytes.readUInt32BE(16);
  try {
    const date = Temporal.PlainDate.from(
      { year: Math.floor(number / 10_000), month: Math.floor(number / 100) % 100, day: number % 100 },
      { overflow: 'reject' },
    );
    // Base64url has more than one spelling of the last bits: only the one this file writes is an id.
    return encodeSlotId(windowId, date.toString()) === slotId ? { windowId, date: date.toString() } : undefined;
  } catch {
    return undefined;
  }
}
