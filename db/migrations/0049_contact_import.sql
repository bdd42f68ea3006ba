CREATE TABLE "contact_import_chunks" (
	"import_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"rows" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_import_rejections" (
	"import_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	"values" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"mapping" jsonb NOT NULL,
	"headers" text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"next_chunk" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_imports_status_check" CHECK ("contact_imports"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_source_check";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_import_chunks" ADD CONSTRAINT "contact_import_chunks_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_chunks" ADD CONSTRAINT "contact_import_chunks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_rejections" ADD CONSTRAINT "contact_import_rejections_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_rejections" ADD CONSTRAINT "contact_import_rejections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_import_chunks_key" ON "contact_import_chunks" USING btree ("import_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_import_chunks_workspace_key" ON "contact_import_chunks" USING btree ("workspace_id","import_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_import_rejections_key" ON "contact_import_rejections" USING btree ("import_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_import_rejections_workspace_key" ON "contact_import_rejections" USING btree ("workspace_id","import_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_imports_workspace_key" ON "contact_imports" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "contact_imports_created_by_idx" ON "contact_imports" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "leads_workspace_handle_idx" ON "leads" USING btree ("workspace_id",lower("social_handle"));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_source_check" CHECK ("leads"."source" in ('instagram', 'twitter', 'facebook', 'manual', 'import'));