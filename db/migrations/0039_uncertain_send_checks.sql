ALTER TABLE "outbound_ledger" ADD COLUMN "delivery_check" text;--> statement-breakpoint
ALTER TABLE "outbound_ledger" ADD COLUMN "delivery_check_note" text;