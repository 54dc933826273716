import { z } from 'zod';
import { ZIP_CODE } from './place-labels.ts';
import { dollars } from './products.ts';
import { isTimeZone } from './time-zone.ts';
import { abortWith, REQUIRED, requiredText, uuidField } from './validation.ts';

/** How a shopper gets an order: collects it at a pickup point, or has it delivered. */
export const FULFILMENT_KINDS = ['pickup', 'delivery'] as const;
export type FulfilmentKind = (typeof FULFILMENT_KINDS)[number];

/** Days of the week in ISO order (Monday is 1). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export const DEFAULT_CUTOFF_HOURS = 24;
export const DEFAULT_HORIZON_DAYS = 14;

const TIME_MESSAGE = 'Enter a time such as 09:00';
/** A wall-clock time in the shop's zone, HH:MM (24-hour). */
const clockTime = z
  .string({ error: TIME_MESSAGE })
  .max(5, abortWith(TIME_MESSAGE))
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE);

export const WINDOW_MESSAGES = {
  endAfterStart: 'The end must be after the start (tick "ends the next day" for a window past midnight)',
  nextDayEndsBeforeStart: 'A window ending the next day ends at or before its start time (24 hours at most)',
} as const;

/** A weekly window; `id` keeps an existing one (and the bookings made for it), none adds a new one. */
const windowInput = z
  .object({
    id: uuidField('Not a window of this shop').optional(),
    weekday: z.enum(WEEKDAYS, { error: 'Choose a day of the week' }),
    start: clockTime,
    end: clockTime,
    /** The window crosses midnight: it ends at `end` on the next day. */
    endsNextDay: z.boolean({ error: 'Must be true or false' }).default(false),
    /** Orders per window. */
    capacity: z
      .number({ error: 'Enter how many orders fit in this window' })
      .int('Use a whole number')
      .min(1, 'The capacity is at least 1 order')
      .max(10_000, 'At most 10,000 orders'),
  })
  .superRefine((w, ctx) => {
    if (!w.endsNextDay && w.end <= w.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: WINDOW_MESSAGES.endAfterStart });
    if (w.endsNextDay && w.end > w.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: WINDOW_MESSAGES.nextDayEndsBeforeStart });
  });
export type WindowInput = z.input<typeof windowInput>;

const windows = (none: string) =>
  z.array(windowInput, { error: none }).min(1, none).max(28, abortWith('At most 28 windows'));

const pickupPointInput = z.object({
  id: uuidField('Not a pickup point of this shop').optional(),
  name: requiredText(80),
  address: requiredText(200),
  windows: windows('Add at least one pickup time'),
});

/** A postcode as compared: trimmed, upper case, single spaces ("sw1a 1aa" is "SW1A 1AA"). */
export const normalizePostcode = (postcode: string) => postcode.trim().toUpperCase().replace(/\s+/g, ' ');

/** A postcode field: at most 12 characters, normalized. */
export const postcodeField = z
  .string({ error: 'Enter a postcode' })
  .max(12, abortWith('A postcode has at most 12 characters'))
  .transform(normalizePostcode)
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9 -]*$/, 'Use letters, digits, spaces and - only'));

const deliveryInput = z
  .object({
    /** Postcodes delivered to. */
    postcodes: z.array(postcodeField).max(500, abortWith('At most 500 postcodes')).default([]),
    /** Or everywhere within this many km of the shop's location. */
    radiusKm: z
      .number({ error: 'Enter a distance in km' })
      .positive('The radius is more than 0 km')
      .max(500, 'At most 500 km')
      .nullable()
      .default(null),
    /** Dollars. */
    fee: dollars,
    /** Delivery is free for orders of at least this much (dollars; null: never free). */
    freeOver: dollars.nullable().default(null),
    /** Smallest order delivered (dollars). */
    minimumOrder: dollars.default(0),
    windows: windows('Add at least one delivery window'),
  })
  .superRefine((d, ctx) => {
    if (d.postcodes.length === 0 && d.radiusKm === null)
      ctx.addIssue({ code: 'custom', path: ['postcodes'], message: 'Add at least one postcode or a radius' });
  });

const location = z.object({
  latitude: z.number({ error: 'Enter a latitude' }).min(-90, 'From -90 to 90').max(90, 'From -90 to 90'),
  longitude: z.number({ error: 'Enter a longitude' }).min(-180, 'From -180 to 180').max(180, 'From -180 to 180'),
});

export const timeZoneField = z
  .string({ error: REQUIRED })
  .max(64, abortWith('Choose a time zone such as America/Los_Angeles'))
  .refine(isTimeZone, 'Choose a time zone such as America/Los_Angeles');

export const SHOP_ZIP_MESSAGE = "Enter your shop's 5-digit ZIP code, like 97031";
/** The shop's ZIP code: the server places the shop at its centre. */
const shopZip = z
  .string({ error: SHOP_ZIP_MESSAGE })
  .trim()
  .max(10, abortWith(SHOP_ZIP_MESSAGE))
  .regex(ZIP_CODE, SHOP_ZIP_MESSAGE)
  .transform((zip) => zip.slice(0, 5));

/** PUT /shops/:shopId/fulfilment: the whole of a shop's fulfilment settings (what is left out is removed). */
export const fulfilmentSettingsInput = z
  .object({
    timeZone: timeZoneField,
    /** Ordering for a window closes this many hours before it starts. */
    cutoffHours: z
      .number({ error: 'Enter a number of hours' })
      .int('Use a whole number of hours')
      .min(0, 'Cannot be negative')
      .max(336, 'At most 336 hours (14 days)')
      .default(DEFAULT_CUTOFF_HOURS),
    /** Ordering opens this many days ahead (slots on the next N days, today included). */
    horizonDays: z
      .number({ error: 'Enter a number of days' })
      .int('Use a whole number of days')
      .min(1, 'At least 1 day')
      .max(60, 'At most 60 days')
      .default(DEFAULT_HORIZON_DAYS),
    /**
     * The shop's ZIP code: the server places the shop at its centre (a ZIP it cannot place is a 400 on `postcode`).
     * Send it or `location`, not both; null or left out: `location` says where the shop is.
     */
    postcode: shopZip.nullable().default(null),
    /** The shop's place on the map (a delivery radius is measured from it), when no `postcode` is sent. */
    location: location.nullable().default(null),
    pickupPoints: z.array(pickupPointInput).max(20, abortWith('At most 20 pickup points')).default([]),
    /** null: the shop does not deliver. */
    delivery: deliveryInput.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.postcode && s.location)
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'Send a ZIP code or a location, not both' });
    if (s.delivery?.radiusKm != null && !s.location && !s.postcode)
      ctx.addIssue({
        code: 'custom',
        path: ['delivery', 'radiusKm'],
        message: "A radius is measured from the shop's place: enter its ZIP code first",
      });
    if (s.cutoffHours >= s.horizonDays * 24)
      ctx.addIssue({
        code: 'custom',
        path: ['cutoffHours'],
        message: 'Ordering must close within the days it is open ahead',
      });
  });
export type FulfilmentSettingsInput = z.input<typeof fulfilmentSettingsInput>;

const window = z.object({
  id: z.string(),
  weekday: z.enum(WEEKDAYS),
  start: z.string(),
  end: z.string(),
  endsNextDay: z.boolean(),
  capacity: z.number().int(),
});
export type FulfilmentWindow = z.infer<typeof window>;

/** A window cancelled for one date (a holiday); `booked` shoppers had already booked it. */
export const cancellation = z.object({
  id: z.string(),
  windowId: z.string(),
  /** The date the window's slot starts on, YYYY-MM-DD in the shop's zone. */
  date: z.string(),
  reason: z.string().nullable(),
  booked: z.number().int(),
});
export type Cancellation = z.infer<typeof cancellation>;

/**
 * A closure: a holiday (`allWindows`: the shop closed from one date to another, every window that falls in them, those
 * added later too), or one window's cancellations made together (each one window on one date; its id is its first
 * cancellation's). Taking it back takes it back whole.
 */
export const closure = z.object({
  id: z.string(),
  /** The first and last dates closed (YYYY-MM-DD in the shop's zone). */
  from: z.string(),
  to: z.string(),
  /** Every window that falls in those dates is closed (else only `windowIds`). */
  allWindows: z.boolean(),
  /** The windows a closure of some windows closes ([] for a holiday). */
  windowIds: z.array(z.string()),
  reason: z.string().nullable(),
  /** Shoppers who had already booked one of these slots. */
  booked: z.number().int(),
  /** The one-date cancellations it is made of ([] for a holiday). */
  cancellationIds: z.array(z.string()),
  /** The days it closes a pickup or delivery time on, as the windows stand (a range over Saturday windows: Saturdays). */
  days: z.array(z.string()),
});
export type Closure = z.infer<typeof closure>;

/** GET /shops/:shopId/fulfilment: the settings as saved (defaults when the shop saved none), with ids. */
export const fulfilmentSettings = z.object({
  shopId: z.string(),
  timeZone: z.string(),
  cutoffHours: z.number().int(),
  horizonDays: z.number().int(),
  location: location.nullable(),
  /**
   * The shop's ZIP code: the one it was placed by, else the nearest to its location, else (not placed yet) the one
   * in its address; null when none is known.
   */
  postcode: z.string().nullable(),
  /** The town and state of `postcode`, such as "Hood River, OR". */
  place: z.string().nullable(),
  /** The state of `postcode` (two letters), from which the form suggests a time zone. */
  state: z.string().nullable(),
  pickupPoints: z.array(z.object({ id: z.string(), name: z.string(), address: z.string(), windows: z.array(window) })),
  delivery: z
    .object({
      postcodes: z.array(z.string()),
      radiusKm: z.number().nullable(),
      fee: z.number(),
      freeOver: z.number().nullable(),
      minimumOrder: z.number(),
      windows: z.array(window),
    })
    .nullable(),
  /** Cancellations of dates from today on. */
  cancellations: z.array(cancellation),
  /** The same cancellations grouped as the vendor made them (a closure over dates and windows), by first date. */
  closures: z.array(closure),
});
export type FulfilmentSettings = z.infer<typeof fulfilmentSettings>;

export const shopParams = z.object({ shopId: uuidField('Not a shop id') });
export const cancellationParams = shopParams.extend({ id: uuidField('Not a cancellation id') });

const day = (error: string) => z.string({ error }).max(10, abortWith(error)).check(z.iso.date({ error }));

/** POST /shops/:shopId/fulfilment/cancellations */
export const cancellationInput = z.object({
  windowId: uuidField('Not a window of this shop'),
  date: day('Enter a date such as 2026-12-25'),
  reason: z
    .string()
    .trim()
    .max(200, abortWith('At most 200 characters'))
    .transform((v) => v || null)
    .nullable()
    .default(null),
});

export const MAX_CLOSURE_DAYS = 92;

/**
 * POST /shops/:shopId/fulfilment/closures: close the shop from `from` to `to` (both included; `to` left out: one day),
 * every window that falls in those dates (a holiday, which closes windows added later too), or only `windowId`'s.
 */
export const closureInput = z
  .object({
    from: day('Enter the first date closed, such as 2026-12-20'),
    to: day('Enter the last date closed, such as 2026-12-27').optional(),
    windowId: uuidField('Not a window of this shop').nullable().default(null),
    reason: cancellationInput.shape.reason,
  })
  .superRefine((c, ctx) => {
    if (c.to && c.to < c.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last date is on or after the first' });
    else if (c.to && daysBetween(c.from, c.to) >= MAX_CLOSURE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_CLOSURE_DAYS} days at a time` });
  });
export type ClosureInput = z.input<typeof closureInput>;

/** Whole days from one calendar date to another (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** GET /shops/:shopId/slots: the days from `from` to `to` (YYYY-MM-DD in the shop's zone, both included). */
export const slotsQuery = z.object({
  from: day('Enter a date such as 2026-12-01').optional(),
  to: day('Enter a date such as 2026-12-14').optional(),
});

/**
 * - `open`: it takes orders
 * - `full`: no capacity left
 * - `closed`: ordering for it has closed (`closesAt` has passed)
 * - `cancelled`: the shop cancelled it for this date (a holiday)
 */
export const SLOT_STATUSES = ['open', 'full', 'closed', 'cancelled'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

export const slot = z.object({
  /** Opaque; the same for the same shop, window and date. */
  id: z.string(),
  kind: z.enum(FULFILMENT_KINDS),
  /** Where a pickup slot is collected (null for delivery). */
  pickupPoint: z.object({ id: z.string(), name: z.string(), address: z.string() }).nullable(),
  /** ISO 8601 with the shop's offset at that moment, such as 2026-11-28T09:00:00-08:00. */
  start: z.string(),
  end: z.string(),
  /** The last moment to order for this slot. */
  closesAt: z.string(),
  capacity: z.number().int(),
  /** Places left: the capacity less the bookings, never below 0. */
  remaining: z.number().int(),
  /** Dollars: 0 for pickup, the delivery fee for delivery (before any free-delivery threshold). */
  fee: z.number(),
  status: z.enum(SLOT_STATUSES),
});
export type Slot = z.infer<typeof slot>;

/**
 * The slots of a shop between two dates, by start. Cancelled, full and closed slots are listed too, flagged by
 * `status`; only `open` ones take orders. `timeZone` is the shop's (times are shown in it with its abbreviation).
 */
export const slotList = z.object({
  shopId: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** The delivery terms in dollars, or null when the shop does not deliver. */
  delivery: z.object({ fee: z.number(), freeOver: z.number().nullable(), minimumOrder: z.number() }).nullable(),
  slots: z.array(slot),
});
export type SlotList = z.infer<typeof slotList>;
