import { z } from 'zod';

/**
 * The audit log (docs/product-spec.md, "Teams"): who did what in a workspace. Written by one
 * function (db/audit/record-audit.ts) in the transaction of the action it records; the table is
 * append-only (migration `teams`). Read by owners and admins: GET /api/audit-log, Settings → Audit log.
 */
export const auditActions = {
  'member.invited': 'Invited a member',
  'invitation.resent': 'Resent an invitation',
  'invitation.revoked': 'Revoked an invitation',
  'member.joined': 'Joined the workspace',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'member.left': 'Left the workspace',
  'member.account_deleted': 'Deleted their account',
  'ownership.transferred': 'Transferred ownership',
  'workspace.renamed': 'Renamed the workspace',
  'account.connected': 'Connected an account',
  'account.disconnected': 'Removed an account',
  'flow.published': 'Published a flow',
  'flow.stopped': 'Stopped a flow',
  'flow.deleted': 'Deleted a flow',
  'rule.activated': 'Turned a comment rule on',
  'rule.deactivated': 'Turned a comment rule off',
  'rule.deleted': 'Deleted a comment rule',
  'sequence.activated': 'Turned a sequence on',
  'sequence.deactivated': 'Turned a sequence off',
  'sequence.deleted': 'Deleted a sequence',
  'broadcast.started': 'Started a broadcast',
  'broadcast.scheduled': 'Scheduled a broadcast',
  'broadcast.cancelled': 'Cancelled a broadcast',
  'leads.exported': 'Exported leads',
  'contacts.imported': 'Started a contact import',
  'lead.deleted': 'Deleted a lead',
  'knowledge.deleted': 'Deleted a knowledge entry',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  // One entry per conversation, a bulk action's too (details: assignee, from, together); the actor
  // of round-robin is "Automatic assignment" (db/audit/record-assignments.ts).
  'conversation.assigned': 'Assigned a conversation',
  'conversation.unassigned': 'Unassigned a conversation',
  'automation.paused': 'Paused automation for a contact',
  'automation.resumed': 'Resumed automation for a contact',
  'takeover.settings_changed': 'Changed the takeover quiet time',
  'auto_assign.changed': 'Changed automatic assignment',
  'moderation.changed': 'Changed comment moderation',
  'plan.changed': 'Changed the plan',
  // By an instance operator from the admin console (contracts/admin.ts), who need not be a member.
  'workspace.suspended': 'Suspended the workspace',
  'workspace.resumed': 'Resumed the workspace',
} as const;
export type AuditAction = keyof typeof auditActions;
const actionNames = Object.keys(auditActions) as [AuditAction, ...AuditAction[]];
export const auditActionSchema = z.enum(actionNames, { error: 'Unknown action' });

/** What an entry is about: a kind, its id and a label kept as it was then (names change, rows go). */
export interface AuditTarget {
  type:
    | 'member'
    | 'invitation'
    | 'workspace'
    | 'account'
    | 'flow'
    | 'rule'
    | 'broadcast'
    | 'lead'
    | 'leads'
    | 'knowledge'
    | 'api_key'
    | 'conversation'
    | 'sequence';
  id?: string | null;
  label?: string | null;
}

/** An item of GET /api/audit-log, newest first. */
export interface AuditEntry {
  id: string;
  at: string;
  actorId: string | null;
  /** The actor's name and email as they were when they acted. */
  actorLabel: string;
  /** One of auditActions, or one a later version added. */
  action: AuditAction | (string & {});
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  details: Record<string, unknown>;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), schema.optional());
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

/** GET /api/audit-log: filters (actor, action, a date range in UTC days, both ends included) and the page. */
export const auditLogQuerySchema = z
  .object({
    actor: optional(z.uuid('Not a member id')),
    action: optional(auditActionSchema),
    from: optional(day),
    to: optional(day),
    cursor: optional(z.string().max(200)),
    limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !(q.from && q.to && q.from > q.to), { message: 'The start date is after the end date', path: ['from'] });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
