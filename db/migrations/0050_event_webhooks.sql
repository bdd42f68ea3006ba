CREATE TABLE "event_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_status_code" integer,
	"last_error" text,
	"last_response_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "event_webhook_deliveries_status_check" CHECK ("event_webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "event_webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret_enc" text NOT NULL,
	"previous_secret_enc" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "event_webhook_deliveries_workspace_key" ON "event_webhook_deliveries" USING btree ("workspace_id","id");
--> statement-breakpoint
CREATE INDEX "event_webhook_deliveries_subscription_idx" ON "event_webhook_deliveries" USING btree ("workspace_id","subscription_id","created_at");
--> statement-breakpoint
CREATE INDEX "event_webhook_deliveries_due_idx" ON "event_webhook_deliveries" USING btree ("next_attempt_at") WHERE "event_webhook_deliveries"."status" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX "event_webhook_subscriptions_workspace_key" ON "event_webhook_subscriptions" USING btree ("workspace_id","id");
--> statement-breakpoint
CREATE INDEX "event_webhook_subscriptions_created_by_idx" ON "event_webhook_subscriptions" USING btree ("created_by");
--> statement-breakpoint
ALTER TABLE "event_webhook_deliveries" ADD CONSTRAINT "event_webhook_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_webhook_deliveries" ADD CONSTRAINT "event_webhook_deliveries_subscription_fk" FOREIGN KEY ("workspace_id","subscription_id") REFERENCES "public"."event_webhook_subscriptions"("workspace_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_webhook_subscriptions" ADD CONSTRAINT "event_webhook_subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_webhook_subscriptions" ADD CONSTRAINT "event_webhook_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;