CREATE TABLE "comment_moderations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"platform_comment_id" text NOT NULL,
	"text" text NOT NULL,
	"author" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "comment_moderation" jsonb;--> statement-breakpoint
ALTER TABLE "comment_moderations" ADD CONSTRAINT "comment_moderations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_moderations" ADD CONSTRAINT "comment_moderations_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_moderations_account_comment_key" ON "comment_moderations" USING btree ("account_id","platform_comment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_moderations_workspace_key" ON "comment_moderations" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "comment_moderations_account_recent_idx" ON "comment_moderations" USING btree ("account_id","created_at");