CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "stripe_event_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_stripe_customer_key" ON "workspaces" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_stripe_subscription_key" ON "workspaces" USING btree ("stripe_subscription_id");