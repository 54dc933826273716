-- The shopper's optional note for the shop ("leave at the back door"), given at checkout (issue 14, item 3).
-- It is kept by the paying card payment's transaction id as soon as checkout starts: the order is made from
-- the paid payment later (by the browser, the webhook or the reconciliation job), and is read with its note
-- through customer_payments.transaction_id. Owned by the orders module.
CREATE TABLE "order_notes" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_note_length" CHECK (char_length("note") BETWEEN 1 AND 500)
);
