/**
 * Plain words and sums for subscription plans (decision 065), shared by the server, the vendor's form and the public
 * pages. No zod here, so the pages that show plans do not load the schemas.
 */
import { dateRangeText } from './fulfilment-labels.ts';
import { formatMoney } from './money.ts';

type Frequency = 'weekly' | 'fortnightly' | 'monthly';
type Pricing = 'per_delivery' | 'season' | 'installments';

export const FREQUENCY_NAMES: Record<Frequency, string> = {
  weekly: 'Every week',
  fortnightly: 'Every two weeks',
  monthly: 'Every month',
};

export const PRICING_NAMES: Record<Pricing, string> = {
  per_delivery: 'Pay for each delivery',
  season: 'Pay for the season up front',
  installments: 'Pay for the season in installments',
};

/** One delivery's price to a subscriber, in cents: the value less the discount percent, to the nearest cent. */
export function discountedCents(valueCents: number, discountPercent: number | null): number {
  return discountPercent ? Math.round((valueCents * (100 - discountPercent)) / 100) : valueCents;
}

/** A fixed list's value in cents: each option's price × its quantity. */
export function listValueCents(items: readonly { unitPriceCents: number; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
}

/**
 * The season's price in `count` payments, in cents: equal ones, the last taking the cents left over
 * ($100 in 3: 33.33, 33.33, 33.34).
 */
export function installmentCents(totalCents: number, count: number): number[] {
  const each = Math.floor(totalCents / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? totalCents - each * (count - 1) : each));
}

/** "6 payments of $50.00", or "6 payments: 5 of $33.33 and a last of $33.35". */
export function installmentsText(totalCents: number, count: number): string {
  const parts = installmentCents(totalCents, count);
  const [first] = parts;
  const last = parts[parts.length - 1];
  if (first === last) return `${count} payments of ${formatMoney(first)}`;
  return `${count} payments: ${count - 1} of ${formatMoney(first)} and a last of ${formatMoney(last)}`;
}

/** "1 May – 30 October 2027", "From 1 May 2027, open-ended", "Open-ended", "Until 30 October 2027". */
export function seasonText(startsOn: string | null, endsOn: string | null): string {
  const withYear = (day: string) => `${dateRangeText(day)} ${day.slice(0, 4)}`;
  if (startsOn && endsOn) {
    const range = dateRangeText(startsOn, endsOn);
    return startsOn.slice(0, 4) === endsOn.slice(0, 4) ? `${range} ${endsOn.slice(0, 4)}` : range;
  }
  if (startsOn) return `From ${withYear(startsOn)}, open-ended`;
  if (endsOn) return `Until ${withYear(endsOn)}`;
  return 'Open-ended';
}

type PlanPrice = {
  billing: Pricing;
  frequency: Frequency;
  deliveryPrice: number;
  seasonPrice: number | null;
  installments: number | null;
};

/** The plan's price in one line: "$32.00 a delivery, every week", "$480.00 for the season", "$480.00 in 6 payments of $80.00". */
export function planPriceText(plan: PlanPrice): string {
  const cents = (dollars: number) => Math.round(dollars * 100);
  if (plan.billing === 'per_delivery')
    return `${formatMoney(cents(plan.deliveryPrice))} a delivery, ${FREQUENCY_NAMES[plan.frequency].toLowerCase()}`;
  const season = cents(plan.seasonPrice ?? 0);
  if (plan.billing === 'season') return `${formatMoney(season)} for the season, paid up front`;
  return `${formatMoney(season)} for the season, in ${installmentsText(season, plan.installments ?? 2)}`;
}

/** The box's usual contents as a list: one thing a line, blank lines and bullets dropped. */
export const boxContentLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/^\s*[-*•]\s*/, '').trim())
    .filter((line) => line !== '');

/** A plan's cancel terms in words (its notice period, decision 068). */
export function noticeText(noticeDays: number): string {
  if (noticeDays === 0) return 'Any time: no delivery is ordered after you cancel (one already ordered still comes)';
  const days = noticeDays === 1 ? '1 day' : `${noticeDays} days`;
  return `With ${days}' notice: deliveries within ${days} of cancelling still come and are charged`;
}
