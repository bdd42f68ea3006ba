ALTER TABLE "social_accounts" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "linked_external_id" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "profile" jsonb DEFAULT '{}'::jsonb NOT NULL;