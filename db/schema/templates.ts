import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { flows } from './flows';
import { users } from './users';
import { workspaces } from './workspaces';

/** A flow a workspace saved as a template of its own (POST /api/templates); built-ins live in code. */
export const workspaceTemplates = pgTable(
  'workspace_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    difficulty: text('difficulty', { enum: ['beginner', 'intermediate', 'advanced', 'expert'] })
      .notNull()
      .default('beginner'),
    flowPlatform: text('flow_platform', { enum: ['twitter', 'instagram', 'multi'] }).notNull(),
    graph: jsonb('graph').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('workspace_templates_workspace_key').on(t.workspaceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Which template a flow was made from: a built-in id or a workspace template's uuid, as text. A
 * template's conversion rate is computed from the runs of these flows, so it comes from real runs.
 */
export const templateFlows = pgTable(
  'template_flows',
  {
    flowId: uuid('flow_id')
      .primaryKey()
      .references(() => flows.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    templateId: text('template_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('template_flows_workspace_key').on(t.workspaceId, t.flowId), index('template_flows_template_idx').on(t.templateId)],
);

/** The onboarding wizard's answers, saved at every step so a reload or a new sign-in resumes (the step is users.onboarding_step). */
export const onboardingProgress = pgTable(
  'onboarding_progress',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    answers: jsonb('answers')
      .notNull()
      .default(sql`'{}'::jsonb`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('onboarding_progress_workspace_key').on(t.workspaceId, t.userId)],
);

/**
 * The dashboard's getting-started checklist was closed by this member in this workspace: every item
 * done at once, or dismissed (db/dashboard/getting-started.ts). Per workspace, like the items it
 * counts (ADR 0038): closing it in one workspace leaves it open in the member's others.
 */
export const gettingStartedClosures = pgTable(
  'getting_started_closures',
  {
    workspaceId: workspaceIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('getting_started_closures_user_idx').on(t.userId)],
);

/** How the workspace presents itself in automated replies: its name and tone (docs/product-spec.md §4 tone ids). */
export const workspacePersonas = pgTable('workspace_personas', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  businessName: text('business_name'),
  tone: text('tone', { enum: ['friendly', 'professional', 'energetic'] })
    .notNull()
    .default('friendly'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
