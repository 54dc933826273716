/** The slots module's public functions: the seed, the cart and checkout reach shops' fulfilment only through these. */
export { type BookedSlot, type BookedSlotState, bookedSlotStates, releaseBooking } from './bookings.ts';
export { listSlots } from './calendar.ts';
export {
  bookSlots,
  type ChosenSlot,
  checkArea,
  describeSlots,
  type ShopTerms,
  shopTerms,
  slotLabel,
  slotRefusal,
} from './choices.ts';
export { namePostcode, placePostcode } from './postcodes.ts';
export { holdPlacesFor, lockWindowPlaces, placesTaken, type ReservedPlaces } from './reserved-places.ts';
export {
  bookReservedPlace,
  cancelledSlots,
  type ServedWindow,
  servedSlot,
  servedWindows,
} from './served-slots.ts';
export { readSettings, saveSettings, settingsRow, writeSettings } from './settings.ts';
export { shopHandover } from './shop-handover.ts';
export { decodeSlotId, encodeSlotId } from './slot-ids.ts';
