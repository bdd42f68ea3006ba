CREATE TABLE "member_presence" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_auto_assigned_at" timestamp with time zone,
	CONSTRAINT "member_presence_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "auto_assign" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_workspace_id_user_id_workspace_members_workspace_id_user_id_fk" FOREIGN KEY ("workspace_id","user_id") REFERENCES "public"."workspace_members"("workspace_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_auto_assign_check" CHECK ("workspaces"."auto_assign" in ('off', 'round_robin'));