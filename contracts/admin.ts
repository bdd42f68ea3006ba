import { z } from 'zod';
import { planIdSchema, type PlanId, type PlanSource } from './plans';

/**
 * The admin console (/admin, ADR 0042): the instance operator's view of every workspace and of the
 * instance's work. Only for the emails in ADMIN_EMAILS (config/config.ts isConsoleAdmin); every
 * /api/admin/* route answers 404 to anyone else, signed out too.
 */

/** GET /api/admin/workspaces: a page of workspaces, newest first, optionally searched. */
export const adminWorkspacesQuerySchema = z.object({
  /** Part of a workspace's name or of a member's email (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminWorkspacesQuery = z.infer<typeof adminWorkspacesQuerySchema>;

export interface AdminAccount {
  id: string;
  platform: string;
  username: string;
  /** `active`, or `needs_reconnect` with its reason (the same status Connect Accounts shows). */
  status: string;
  statusReason: string | null;
  healthCheckedAt: string | null;
}

export interface AdminWorkspace {
  id: string;
  name: string;
  ownerEmail: string | null;
  members: number;
  /**
   * Usage this UTC month, from the app's own counters: automated messages are the owner's allowance
   * count (db/usage, the figure Billing shows: all workspaces the owner owns), AI answers this
   * workspace's model answers (ai_model_usage).
   */
  usage: { automatedMessages: number; aiAnswers: number };
  accounts: AdminAccount[];
  /** The newest inbound event, message or run step of the workspace; null: none yet. */
  lastActivityAt: string | null;
  suspended: { at: string; reason: string } | null;
  /** The workspace's plan (contracts/plans.ts) and who set it. */
  plan: { id: PlanId; source: PlanSource; trialEndsAt: string | null };
  createdAt: string;
}

export interface AdminWorkspacesPage {
  items: AdminWorkspace[];
  total: number;
  page: number;
  pageSize: number;
}

export const suspendWorkspaceSchema = z.object({
  reason: z.string().trim().min(3, 'Say why (members see it)').max(500),
});

/** DELETE /api/admin/workspaces/:id: the workspace's name typed again, as the UI asks. */
export const deleteWorkspaceSchema = z.object({
  confirmName: z.string().min(1, 'Type the workspace name to confirm'),
});

export interface AdminDeleteResult {
  deleted: true;
  /** Members whose only workspace it was: their accounts went with it. */
  usersDeleted: number;
}

/** GET /api/admin/instance: every figure read from the database when asked. */
export interface AdminInstance {
  jobs: { task: string; queued: number; scheduled: number; running: number; failed: number; oldestDueSeconds: number }[];
  /** The oldest due job not yet taken by a worker, instance-wide; null: none waiting. */
  oldestDueJob: { task: string; dueSeconds: number } | null;
  /** Worker processes whose heartbeat is fresh (workers/watchdog.ts). */
  workersAlive: number;
  /** Webhook and simulator events stored per minute, the last 15 minutes, oldest first (minute start, count). */
  webhooksPerMinute: { minute: string; count: number }[];
  /** Sends of the last 24 hours by outcome (ledger status; failed split by reason). */
  sendsByOutcome: { outcome: string; count: number }[];
  databaseBytes: number;
  suspendedWorkspaces: number;
}

/** GET /api/workspace/suspension: why the acting workspace's automation is stopped, for the app's banner. */
export interface WorkspaceSuspension {
  suspended: { at: string; reason: string } | null;
}

/** What the activity feed says of an inbound event not answered because of a suspension. */
/** PATCH /api/admin/workspaces/:id: the operator sets the workspace's plan (ADR 0041: without billing, only an operator grants a paid plan). */
export const adminPlanChangeSchema = z.object({ plan: planIdSchema }).strict();

export const SUSPENDED_REASON = 'the workspace is suspended by the instance operator';

/** The error an automation change gets while its workspace is suspended. */
export function suspendedMessage(reason: string): string {
  return `This workspace is suspended by the instance operator (${reason}): automation cannot be changed until it is resumed.`;
}
