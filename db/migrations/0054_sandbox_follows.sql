CREATE TABLE "sandbox_follows" (
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"external_user_id" text NOT NULL,
	"follows" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_follows_account_id_external_user_id_pk" PRIMARY KEY("account_id","external_user_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_follows" ADD CONSTRAINT "sandbox_follows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_follows" ADD CONSTRAINT "sandbox_follows_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_follows_workspace_key" ON "sandbox_follows" USING btree ("workspace_id","account_id","external_user_id");