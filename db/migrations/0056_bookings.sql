CREATE TABLE "booking_availability" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"availability" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"run_id" uuid,
	"step_seq" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"token" text NOT NULL,
	"remind_at" timestamp with time zone,
	"reminder_status" text DEFAULT 'none' NOT NULL,
	"reminder_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_availability" ADD CONSTRAINT "booking_availability_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_run_id_flow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."flow_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_workspace_key" ON "bookings" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_token_key" ON "bookings" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_run_step_key" ON "bookings" USING btree ("run_id","step_seq");--> statement-breakpoint
CREATE INDEX "bookings_workspace_starts_idx" ON "bookings" USING btree ("workspace_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_contact_id_idx" ON "bookings" USING btree ("contact_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_account_id_idx" ON "bookings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bookings_remind_due_idx" ON "bookings" USING btree ("remind_at") WHERE "bookings"."reminder_status" = 'pending';--> statement-breakpoint
-- Two bookings of one workspace never overlap while booked (db/schema/bookings.ts): the second of two
-- concurrent inserts waits for the first and then conflicts (INSERT … ON CONFLICT DO NOTHING inserts nothing).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("workspace_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" = 'booked');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ends_after_start" CHECK ("ends_at" > "starts_at");
