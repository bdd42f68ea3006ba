ALTER TABLE "outbound_ledger" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "outbound_ledger" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "outbound_ledger" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_ledger" ADD COLUMN "dismiss_note" text;--> statement-breakpoint
CREATE INDEX "outbound_ledger_failed_idx" ON "outbound_ledger" USING btree ("workspace_id","created_at") WHERE status = 'failed' and dismissed_at is null;--> statement-breakpoint
CREATE INDEX "outbound_ledger_retry_of_idx" ON "outbound_ledger" USING btree ("retry_of");--> statement-breakpoint
ALTER TABLE "outbound_ledger" ADD CONSTRAINT "outbound_ledger_retry_of_fk" FOREIGN KEY ("retry_of") REFERENCES "outbound_ledger"("id") ON DELETE SET NULL;
