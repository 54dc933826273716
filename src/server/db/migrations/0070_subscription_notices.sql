-- Subscription deliveries tell their shopper and their farm what happened (decision 068): one notification kind,
-- subscription_delivery (an order made, a holiday, short stock, a product no longer sold, a card that failed or gave
-- up, a plan ended). Adding an enum value changes only the catalog.
ALTER TYPE "public"."notification_kind" ADD VALUE 'subscription_delivery';
