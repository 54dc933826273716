-- The final charge of weighed goods is told to the shopper (issue 36): a notice kind of its own.
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'order_charged' BEFORE 'order_received';
