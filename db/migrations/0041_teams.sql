CREATE TABLE "getting_started_closures" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "getting_started_closures_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "team_invitations_role_check" CHECK ("team_invitations"."role" in ('admin', 'editor', 'agent', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'editor', 'agent', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "getting_started_closures" ADD CONSTRAINT "getting_started_closures_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "getting_started_closures" ADD CONSTRAINT "getting_started_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "getting_started_closures_user_idx" ON "getting_started_closures" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_workspace_key" ON "audit_log" USING btree ("workspace_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("workspace_id","actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_key" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_open_key" ON "team_invitations" USING btree ("workspace_id","email") WHERE "team_invitations"."accepted_at" is null and "team_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_workspace_key" ON "team_invitations" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "team_invitations_invited_by_idx" ON "team_invitations" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "team_invitations_accepted_by_idx" ON "team_invitations" USING btree ("accepted_by");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
-- The getting-started checklist closes per member and workspace (ADR 0038), like the items it counts:
-- a user's closed list stays closed in the workspace it was closed in.
INSERT INTO "getting_started_closures" ("workspace_id", "user_id", "closed_at")
SELECT "workspace_id", "user_id", "checklist_closed_at" FROM "onboarding_progress" WHERE "checklist_closed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_progress" DROP COLUMN "checklist_closed_at";--> statement-breakpoint
-- Teams (docs/product-spec.md "Teams", ADR 0038). Every user's own workspace becomes a membership as its owner.
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at", "updated_at")
SELECT "workspace_id", "id", 'owner', "created_at", "created_at" FROM "users";--> statement-breakpoint
-- users.workspace_id is the workspace a new session starts in: always one of the user's own, checked
-- at commit so one transaction may move both (a removed member's default moves elsewhere).
ALTER TABLE "users" ADD CONSTRAINT "users_default_membership_fk" FOREIGN KEY ("workspace_id", "id")
  REFERENCES "workspace_members" ("workspace_id", "user_id") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
-- Web processes cache each user with their memberships (ADR 0016, 0038). Whoever adds, changes or
-- removes a membership tells them on commit: they drop the user from their cache and close the
-- user's sockets in that workspace (api/ws/live-channels.ts).
CREATE FUNCTION workspace_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m workspace_members;
BEGIN
  IF TG_OP = 'DELETE' THEN m := OLD; ELSE m := NEW; END IF;
  PERFORM pg_notify('replypilot_memberships', json_build_object('userId', m.user_id, 'workspaceId', m.workspace_id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER workspace_member_changed AFTER INSERT OR UPDATE OR DELETE ON "workspace_members"
  FOR EACH ROW EXECUTE FUNCTION workspace_member_changed();--> statement-breakpoint
-- The audit log is append-only by trigger, not by grants: the app connects as the tables' owner,
-- whom grants do not bind, and a trigger binds it too. No UPDATE; no DELETE while the row's
-- workspace exists (a deleted workspace's rows go with it, by the cascade, which runs once the
-- workspace row is gone); no TRUNCATE.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM workspaces WHERE id = OLD.workspace_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
