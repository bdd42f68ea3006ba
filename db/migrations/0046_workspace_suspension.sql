ALTER TABLE "workspaces" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
CREATE INDEX "workspaces_suspended_idx" ON "workspaces" USING btree ("id") WHERE suspended_at is not null;