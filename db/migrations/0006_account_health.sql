ALTER TABLE "social_accounts" ADD COLUMN "health_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "health_error" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "granted_scopes" text[];--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "expiry_alerted_for" timestamp with time zone;