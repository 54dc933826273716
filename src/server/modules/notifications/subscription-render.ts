import { dayText } from '#contract/fulfilment-labels.ts';
import { formatDollars } from '#contract/money.ts';
import type { NotificationEvent } from '#contract/notifications.ts';

type Event = Extract<NotificationEvent, { kind: 'subscription_delivery' }>;

/** Where the shopper fixes a card, skips or pauses; where the farm reads its week's subscribers. */
export const SHOPPER_SUBSCRIPTIONS_PATH = '/dashboard/subscriptions';
export const SHOP_ROSTER_PATH = '/dashboard/vendorRoster';

const listed = (items: string[] | undefined) => (items?.length ? `: ${items.join(', ')}` : '');
const numbered = (event: Event) => (event.orderNumber ? ` ${event.orderNumber}` : '');

/** What a subscription delivery notice says, to the shopper or to the shop (issue 37). */
export function describeSubscriptionDelivery(event: Event): { title: string; body: string; link: string } {
  const day = dayText(event.deliveryOn);
  const plan = `${event.planName} from ${event.shopName}`;
  const shopper = event.to === 'shopper';
  const link = shopper ? SHOPPER_SUBSCRIPTIONS_PATH : SHOP_ROSTER_PATH;
  const who = event.buyerName ?? 'A subscriber';
  switch (event.event) {
    case 'ordered':
      return {
        title: `Your ${event.planName} for ${day} is ordered`,
        body: `Your ${plan} for ${day} is ordered${numbered(event)}. Your card is charged when ordering closes; until then you can skip it on your subscriptions page.`,
        link,
      };
    case 'holiday': {
      const why = event.reason ? ` (${event.reason})` : '';
      if (event.movedTo) {
        const moved = dayText(event.movedTo);
        return shopper
          ? {
              title: `Your ${event.planName} moves to ${moved}`,
              body: `${event.shopName} is closed on ${day}${why}, so your ${event.planName} comes on ${moved} instead.`,
              link,
            }
          : {
              title: `${who}'s ${event.planName} moves to ${moved}`,
              body: `You closed ${day}${why}: ${who}'s ${event.planName} is ordered for ${moved} instead. They were told.`,
              link,
            };
      }
      const next = event.nextDeliveryOn ? ` Your next delivery is ${dayText(event.nextDeliveryOn)}.` : '';
      return shopper
        ? {
            title: `No ${event.planName} on ${day}`,
            body: `${event.shopName} is closed on ${day}${why}, so there is no delivery of your ${event.planName} that day and nothing is charged.${next}`,
            link,
          }
        : {
            title: `${event.planName}: no delivery on ${day}`,
            body: `Your subscribers of ${event.planName} get no delivery on ${day}, as you closed that day${why}. They were told.`,
            link,
          };
    }
    case 'short':
      return shopper
        ? {
            title: `Part of your ${event.planName} is short on ${day}`,
            body: `${event.shopName} has less than your ${event.planName} holds for ${day}${listed(event.items)}. Your order${numbered(event)} has what there is, and you pay only for that.`,
            link,
          }
        : {
            title: `Short for ${who}'s ${event.planName} on ${day}`,
            body: `Your stock did not cover ${who}'s ${event.planName} for ${day}${listed(event.items)}. The order${numbered(event)} has what there was.`,
            link,
          };
    case 'discontinued':
      return shopper
        ? {
            title: `Something in your ${event.planName} is no longer sold`,
            body: `${event.shopName} no longer sells part of your ${event.planName}${listed(event.items)}. It is left out of your order${numbered(event)} for ${day}, and you pay only for the rest.`,
            link,
          }
        : {
            title: `${event.planName} holds products you no longer sell`,
            body: `${event.planName} holds products you no longer sell${listed(event.items)}; they were left out of ${who}'s order for ${day}. Edit the plan to take them out or put them back on sale.`,
            link: '/dashboard/vendorSubscriptions',
          };
    case 'nothing':
      return shopper
        ? {
            title: `No ${event.planName} on ${day}`,
            body: `${event.shopName} has nothing of your ${event.planName} for ${day}${listed(event.items)}, so no order was made and nothing is charged.`,
            link,
          }
        : {
            title: `Nothing to send ${who} on ${day}`,
            body: `Nothing of ${who}'s ${event.planName} was in stock for ${day}${listed(event.items)}: no order was made.`,
            link,
          };
    case 'charge_failed':
      return {
        title: `Your card was not charged for your ${event.planName}`,
        body: `We could not charge your card for your ${plan} on ${day}${event.reason ? ` (${event.reason})` : ''}. Please update your card on your subscriptions page; we try again${event.retryAt ? ` at ${event.retryAt}` : ' soon'}.`,
        link: SHOPPER_SUBSCRIPTIONS_PATH,
      };
    case 'abandoned':
      return shopper
        ? {
            title: `Your ${event.planName} is paused`,
            body: `We could not charge your card for your ${plan} on ${day} after several tries, so that order${numbered(event)} is cancelled and your subscription is paused. Update your card on your subscriptions page to resume it.`,
            link: SHOPPER_SUBSCRIPTIONS_PATH,
          }
        : {
            title: `${who}'s ${event.planName} is paused: the card failed`,
            body: `${who}'s card could not be charged for ${event.planName} on ${day} after several tries: the order${numbered(event)} is cancelled (do not pack it) and the subscription is paused until they update their card.`,
            link,
          };
    case 'made_late':
      return shopper
        ? {
            title: `Your ${event.planName} for ${day} was ordered late`,
            body: `Our ordering was down when ordering closed for ${day}, so your order${numbered(event)} was made after it. It comes as planned and your card is charged now. If you no longer want it, contact ${event.shopName}.`,
            link,
          }
        : {
            title: `${who}'s ${event.planName} for ${day} was ordered after the cutoff`,
            body: `Our ordering was down when ordering closed for ${day}, so ${who}'s order${numbered(event)} was made late and charged now. Pack it with the day's orders: it is on your roster and pick list.`,
            link,
          };
    case 'missed':
      return shopper
        ? {
            title: `No ${event.planName} on ${day}`,
            body: `Our ordering was down when ordering closed for ${day}, and the delivery time had begun before your order could be made, so there is no delivery of your ${plan} that day and nothing is charged. We are sorry.`,
            link,
          }
        : {
            title: `${who}'s ${event.planName} on ${day} was not ordered`,
            body: `Our ordering was down when ordering closed for ${day}, and the delivery time began before ${who}'s order could be made: there is no order to pack and nothing was charged. They were told.`,
            link,
          };
    case 'season_paid':
      return {
        title: `Your season's payment of ${formatDollars(event.amount ?? 0)} for ${event.planName} is taken`,
        body: `We charged your card ${formatDollars(event.amount ?? 0)} for your ${plan}, for the deliveries from ${day}. Each delivery's order is paid from it; the part of it for deliveries that are not made (skipped, a closed day, after cancelling) comes back to your card.`,
        link: SHOPPER_SUBSCRIPTIONS_PATH,
      };
    case 'season_refunded':
      return {
        title: `${formatDollars(event.amount ?? 0)} of your season's payment is refunded`,
        body: `The deliveries of your ${plan} paid from your payment for ${day} on are over: ${formatDollars(event.amount ?? 0)} for the ones not made (skipped, a closed day, after cancelling) is refunded to your card. It shows in a few days.`,
        link: SHOPPER_SUBSCRIPTIONS_PATH,
      };
    case 'plan_ended':
      return {
        title: `${event.shopName} ended ${event.planName}`,
        body: `${event.shopName} ended ${event.planName} on ${day}: no more deliveries will be ordered or charged. Orders already made still come.`,
        link: SHOPPER_SUBSCRIPTIONS_PATH,
      };
  }
}
