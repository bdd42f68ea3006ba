ALTER TABLE "outbound_ledger" ADD COLUMN "send_owner" text;--> statement-breakpoint
ALTER TABLE "outbound_ledger" ADD COLUMN "send_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbound_ledger_sending_lease_idx" ON "outbound_ledger" USING btree ("send_lease_until") WHERE status = 'sending';