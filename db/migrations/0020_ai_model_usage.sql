CREATE TABLE "ai_model_usage" (
	"workspace_id" uuid NOT NULL,
	"month" date NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_model_usage_workspace_id_month_pk" PRIMARY KEY("workspace_id","month"),
	CONSTRAINT "ai_model_usage_answers_check" CHECK ("ai_model_usage"."answers" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ai_model_usage" ADD CONSTRAINT "ai_model_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- This month's model answers so far (until now counted from ai_chat_messages) carry over.
INSERT INTO "ai_model_usage" ("workspace_id", "month", "answers")
SELECT "workspace_id", date_trunc('month', now() at time zone 'utc')::date, count(*)::int
FROM "ai_chat_messages"
WHERE "role" = 'assistant' AND "mode" = 'model'
  AND "created_at" >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'
GROUP BY "workspace_id";
