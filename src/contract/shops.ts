import { z } from 'zod';
import { DISTANCE_UNITS } from './distance-format.ts';
import { PAPER_SIZES } from './paper.ts';
import { checkPlaceQuery, placeQueryFields } from './places.ts';
import { MEMBERSHIPS } from './roles.ts';
import { STORY_MAX, storyParagraphs } from './shop-story.ts';
import { WEEKDAYS } from './slots.ts';
import { abortWith, phoneField, REQUIRED, requiredText, uuidField } from './validation.ts';

/**
 * A vendor's shop as the storefront shows it (the vendor record of the spec, without private fields: no owner's
 * e-mail, decision 050). Strict: an answer carrying another field fails its validation instead of reaching a shopper.
 */
export const shop = z.strictObject({
  _id: z.string(),
  /** Owner's name. */
  name: z.string(),
  shop: z.string(),
  image: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** Established date, YYYY-MM-DD. */
  date: z.string().nullable(),
  /** The 'Since year' of the shop cards. */
  sinceYear: z.number().int().nullable(),
  /** The shop's membership plan ('normal', 'premium' or a plan the admin added). */
  membership: z.enum(MEMBERSHIPS).or(z.string()),
  badge: z.string().nullable(),
  productCount: z.number().int(),
  /** Km from the shopper's place (one decimal), when the list was asked with one and the shop's place is known. */
  distanceKm: z.number().optional(),
});
export type Shop = z.infer<typeof shop>;
export const shopList = z.array(shop);

/** The shop list: `q` filters by name or address; a place (near, or lat and lng) sorts it nearest first. */
export const shopListQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(100, abortWith('At most 100 characters'))
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    ...placeQueryFields,
  })
  .superRefine(checkPlaceQuery);
export const shopIdParams = z.object({ id: uuidField('Not a shop id') });

const weeklyWindow = z.strictObject({
  weekday: z.enum(WEEKDAYS),
  start: z.string(),
  end: z.string(),
  endsNextDay: z.boolean(),
});

/** The next slot that takes orders (ISO 8601 with the shop's offset), as checkout computes it. */
const nextSlot = z.strictObject({ start: z.string(), end: z.string(), closesAt: z.string() });

/**
 * How a shop hands over orders, as its page shows them: its pickup points and delivery area with their weekly times
 * and the next slot each takes orders for, and the soonest moment ordering closes (`nextCutoff`).
 */
export const shopHandover = z.strictObject({
  timeZone: z.string(),
  pickupPoints: z.array(
    z.strictObject({
      name: z.string(),
      address: z.string(),
      windows: z.array(weeklyWindow),
      next: nextSlot.nullable(),
    }),
  ),
  /** Dollars; null when the shop does not deliver. */
  delivery: z
    .strictObject({
      fee: z.number(),
      freeOver: z.number().nullable(),
      minimumOrder: z.number(),
      postcodes: z.array(z.string()),
      radiusKm: z.number().nullable(),
      windows: z.array(weeklyWindow),
      next: nextSlot.nullable(),
    })
    .nullable(),
  /** When ordering closes for the soonest slot that takes orders; null when none does in the ordering horizon. */
  nextCutoff: z.string().nullable(),
});
export type ShopHandover = z.infer<typeof shopHandover>;

/** GET /singleShop/:id: the shop with its story, web links and how it hands over orders. */
export const shopPage = shop.extend({
  story: z.string().nullable(),
  website: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  handover: shopHandover,
});
export type ShopPage = z.infer<typeof shopPage>;

const story = z
  .string({ error: 'Write the story as text' })
  .max(STORY_MAX + 500, abortWith(`At most ${STORY_MAX} characters`))
  .transform((text) =>
    storyParagraphs(text.replace(/\r\n?/g, '\n'))
      .map((paragraph) => paragraph.replace(/[ \t]+\n/g, '\n'))
      .join('\n\n'),
  )
  .pipe(z.string().max(STORY_MAX, `At most ${STORY_MAX} characters`))
  .transform((text) => text || null);

/** A web link: empty is none; otherwise an http(s) address, on `hosts` when given (the site and its subdomains). */
function linkField(what: string, hosts?: string[]) {
  const message = hosts
    ? `Enter the address of your ${what} page, like https://${hosts[0]}/yourshop`
    : `Enter a web address, like https://example.com`;
  return z
    .string({ error: message })
    .trim()
    .max(300, abortWith('At most 300 characters'))
    .transform((text, ctx) => {
      if (text === '') return null;
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
      let url: URL;
      try {
        url = new URL(withScheme);
      } catch {
        ctx.addIssue({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      const host = url.hostname.toLowerCase();
      const onHost = !hosts || hosts.some((h) => host === h || host.endsWith(`.${h}`));
      if (!['http:', 'https:'].includes(url.protocol) || !host.includes('.') || !onHost) {
        ctx.addIssue({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return url.href;
    })
    .nullable()
    .default(null);
}

/** PUT /shops/:shopId/profile: what the vendor may change of its shop at any time (its page keeps its address). */
export const shopProfileInput = z.strictObject({
  shop: requiredText(80, 'The shop name is at most 80 characters'),
  story: story.nullable().default(null),
  image: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(2048, abortWith('Upload a picture'))
    // An upload (or the picture the shop opened with): a path on this site or an https address.
    .regex(/^(\/[^/\s]\S*|https:\/\/\S+)$/, 'Upload a picture'),
  address: requiredText(200, 'The address is at most 200 characters'),
  phone: phoneField,
  website: linkField('website'),
  instagram: linkField('Instagram', ['instagram.com']),
  facebook: linkField('Facebook', ['facebook.com', 'fb.com']),
});
export type ShopProfileInput = z.input<typeof shopProfileInput>;
export type ShopProfileValues = z.output<typeof shopProfileInput>;

/**
 * The marketplace's settings the admin sets: how distances are written, whether new shops wait for an admin's
 * approval before their products are listed, and the paper of every PDF (GET public).
 */
export const marketplaceSettings = z.strictObject({
  distanceUnit: z.enum(DISTANCE_UNITS, { error: 'Choose miles or kilometres' }),
  shopApproval: z.boolean({ error: 'Reviewing new shops is on or off' }),
  paperSize: z.enum(PAPER_SIZES, { error: 'Choose US Letter or A4' }),
});
export type MarketplaceSettings = z.infer<typeof marketplaceSettings>;

/**
 * PUT /admin/marketplace: the settings the admin changes; one left out stays as it is, so a form saving one setting
 * never sends another it may not have read yet.
 */
export const marketplaceSettingsChange = marketplaceSettings.partial();
export type MarketplaceSettingsChange = z.infer<typeof marketplaceSettingsChange>;
