ALTER TABLE "workspaces" ADD COLUMN "takeover_quiet_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "automation_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "automation_paused_by" uuid;