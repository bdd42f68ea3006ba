-- Reconciliation requests (ADR 0027): a sweep of N due accounts was N `account.reconcile` jobs in
-- one queue run one at a time, and every fetch of every worker scanned past them while they waited
-- (3,000 accounts: 2,942 such jobs a minute into the vs-n8n benchmark). The pending set is now these
-- columns, worked through by ONE job; a paused run waits for `not_before`.
ALTER TABLE "account_reconciliations" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_reconciliations" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "account_reconciliations_requested_idx" ON "account_reconciliations" USING btree ("requested_at","account_id") WHERE "account_reconciliations"."requested_at" is not null;