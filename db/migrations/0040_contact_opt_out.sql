ALTER TABLE "workspaces" ADD COLUMN "opt_out" jsonb;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "opted_out_at" timestamp with time zone;