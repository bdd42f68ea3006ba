CREATE TABLE "sequence_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sequence_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"source" text NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_due_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sequence_enrollments_status_check" CHECK ("sequence_enrollments"."status" in ('active', 'completed', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "sequence_step_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"ledger_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_step_records_status_check" CHECK ("sequence_step_records"."status" in ('sent', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "sequences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"account_id" uuid,
	"steps" jsonb NOT NULL,
	"stop_on_reply" boolean DEFAULT true NOT NULL,
	"enroll_tag" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sequence_enrollments" ADD CONSTRAINT "sequence_enrollments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_enrollments" ADD CONSTRAINT "sequence_enrollments_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_enrollments" ADD CONSTRAINT "sequence_enrollments_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_step_records" ADD CONSTRAINT "sequence_step_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_step_records" ADD CONSTRAINT "sequence_step_records_enrollment_id_sequence_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."sequence_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sequence_enrollments_workspace_key" ON "sequence_enrollments" USING btree ("workspace_id","sequence_id","enrolled_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "sequence_enrollments_one_active" ON "sequence_enrollments" USING btree ("sequence_id","contact_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "sequence_enrollments_sequence_idx" ON "sequence_enrollments" USING btree ("sequence_id","enrolled_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sequence_enrollments_contact_id_idx" ON "sequence_enrollments" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sequence_step_records_workspace_key" ON "sequence_step_records" USING btree ("workspace_id","enrollment_id","step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sequence_step_records_enrollment_step_key" ON "sequence_step_records" USING btree ("enrollment_id","step_id");--> statement-breakpoint
CREATE INDEX "sequence_step_records_ledger_idx" ON "sequence_step_records" USING btree ("ledger_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sequences_workspace_key" ON "sequences" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "sequences_account_id_idx" ON "sequences" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sequences_enroll_tag_idx" ON "sequences" USING btree ("workspace_id","enroll_tag") WHERE enroll_tag is not null;
--> statement-breakpoint
-- Sequences enrol a contact when their `enroll_tag` is added (ADR 0048), by whatever path adds it
-- (a flow's Add Tag, the inbox, the API, an import): one trigger instead of a call in each writer.
-- The job row is contracts/jobs.ts's `sequence.step` (max attempts 25, priority 1, key
-- `sequence:<enrolment>`); api/features/sequences/sequences.int.test.ts checks the two agree.
-- Column-specific: the inbound upserts never set `tags`, so they never fire it.
CREATE FUNCTION sequences_enroll_on_tag() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  WITH ins AS (
    INSERT INTO sequence_enrollments (workspace_id, sequence_id, contact_id, source, next_due_at)
    SELECT NEW.workspace_id, s.id, NEW.id, 'tag', now()
    FROM sequences s
    WHERE s.workspace_id = NEW.workspace_id AND s.enroll_tag IS NOT NULL AND s.is_active
      AND s.enroll_tag = ANY (NEW.tags)
      AND (TG_OP = 'INSERT' OR NOT (s.enroll_tag = ANY (OLD.tags)))
      AND (s.account_id IS NULL OR s.account_id = NEW.account_id)
    ON CONFLICT (sequence_id, contact_id) WHERE status = 'active' DO NOTHING
    RETURNING id
  )
  SELECT array_agg(id) INTO ids FROM ins;
  IF ids IS NOT NULL THEN
    PERFORM graphile_worker.add_jobs(ARRAY(
      SELECT row('sequence.step', json_build_object('enrollmentId', e), null, null, 25, 'sequence:' || e, 1, null)::graphile_worker.job_spec
      FROM unnest(ids) AS e));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_enroll_on_tag_update AFTER UPDATE OF tags ON contacts
  FOR EACH ROW WHEN (NEW.tags IS DISTINCT FROM OLD.tags) EXECUTE FUNCTION sequences_enroll_on_tag();
--> statement-breakpoint
CREATE TRIGGER contacts_enroll_on_tag_insert AFTER INSERT ON contacts
  FOR EACH ROW WHEN (cardinality(NEW.tags) > 0) EXECUTE FUNCTION sequences_enroll_on_tag();
