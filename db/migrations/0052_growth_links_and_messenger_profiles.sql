CREATE TABLE "growth_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ref" text NOT NULL,
	"tag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messenger_profiles" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"ice_breakers" jsonb,
	"ice_breakers_pushed_at" timestamp with time zone,
	"persistent_menu" jsonb,
	"persistent_menu_pushed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "growth_links" ADD CONSTRAINT "growth_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_links" ADD CONSTRAINT "growth_links_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_links" ADD CONSTRAINT "growth_links_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_profiles" ADD CONSTRAINT "messenger_profiles_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_profiles" ADD CONSTRAINT "messenger_profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "growth_links_workspace_key" ON "growth_links" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_links_account_ref_key" ON "growth_links" USING btree ("account_id","ref");--> statement-breakpoint
CREATE INDEX "growth_links_flow_id_idx" ON "growth_links" USING btree ("flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_profiles_workspace_key" ON "messenger_profiles" USING btree ("workspace_id","account_id");--> statement-breakpoint
-- Starts per growth link (db/growth/growth-links.ts): a partial index over the referral runs only, so no other run pays for it.
CREATE INDEX "flow_runs_referral_ref_idx" ON "flow_runs" USING btree ("account_id", ("trigger"->>'ref')) WHERE "trigger"->>'type' = 'referral';
