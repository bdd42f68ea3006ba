import { z } from 'zod';
import { emailSchema } from './auth';
import { assignableRoles, roles, type Role } from './permissions';

/**
 * Teams (docs/product-spec.md, "Teams"): the members of a workspace, invitations by email, and the
 * workspaces a person belongs to. Roles and rights are in contracts/permissions.ts.
 */
export const roleSchema = z.enum(roles, { error: `Role must be one of ${roles.join(', ')}` });
export const assignableRoleSchema = z.enum(assignableRoles, { error: `Role must be one of ${assignableRoles.join(', ')}` });

/** An item of GET /api/team/members (owners first, then by role, then by when they joined). */
export interface TeamMember {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  joinedAt: string;
}

export interface TeamMembersResponse {
  members: TeamMember[];
}

/** PATCH /api/team/members/:userId. `owner` only by an owner. */
export const changeRoleBodySchema = z.object({ role: roleSchema });
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

/** POST /api/team/ownership: the member who becomes owner; the caller becomes an admin. */
export const transferOwnershipBodySchema = z.object({ userId: z.uuid('Choose a member') });
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;

/** An invitation link works this long after it was (re)sent. */
export const INVITATION_TTL_DAYS = 7;
/** A workspace holds at most this many pending invitations (a mail is sent for each). */
export const PENDING_INVITATIONS_LIMIT = 100;
/** Invitation mails (new or resent) a workspace may send per hour: nobody's inbox is flooded through us. */
export const INVITATION_MAILS_PER_HOUR = 30;

/** POST /api/team/invitations */
export const createInvitationBodySchema = z.object({ email: emailSchema, role: assignableRoleSchema });
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

export const invitationStatuses = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** An item of GET /api/team/invitations: the pending and expired ones (accepted ones are members). */
export interface TeamInvitation {
  id: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface TeamInvitationsResponse {
  invitations: TeamInvitation[];
}

/** The token from an invitation link (32 random bytes, base64url), as the accept page sends it. */
export const invitationTokenSchema = z
  .string({ error: 'This invitation link is incomplete' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is incomplete or was changed. Open the link from the email again.');

/** POST /api/team/invitations/accept and POST /api/team/invitations/lookup */
export const invitationTokenBodySchema = z.object({ token: invitationTokenSchema });
export type InvitationTokenBody = z.infer<typeof invitationTokenBodySchema>;

/** POST /api/team/invitations/lookup (public): what the accept page shows before anyone signs in. */
export interface InvitationPreview {
  email: string;
  role: Role;
  workspaceName: string;
  invitedBy: string | null;
  status: InvitationStatus;
  expiresAt: string;
}

/** POST /api/team/invitations/accept */
export interface AcceptInvitationResponse {
  workspaceId: string;
  workspaceName: string;
  role: Role;
}

/** An item of GET /api/workspaces: every workspace the signed-in person belongs to. */
export interface WorkspaceSummary {
  id: string;
  name: string;
  role: Role;
  members: number;
  /** The one this session acts in. */
  active: boolean;
}

export interface WorkspacesResponse {
  workspaces: WorkspaceSummary[];
}

/** POST /api/workspaces/switch */
export const switchWorkspaceBodySchema = z.object({ workspaceId: z.uuid('Choose a workspace') });
export type SwitchWorkspaceBody = z.infer<typeof switchWorkspaceBodySchema>;

/** PATCH /api/team/workspace */
export const renameWorkspaceBodySchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Names are limited to 80 characters'),
});
export type RenameWorkspaceBody = z.infer<typeof renameWorkspaceBodySchema>;

/**
 * The header the UI sends with every API call: the workspace its page shows. A request whose
 * session now acts in another workspace (switched in another tab, or removed from this one) is
 * refused instead of acting there (api/auth/active-workspace.ts).
 */
export const WORKSPACE_HEADER = 'x-workspace-id';
/** `details.reason` of the 409/403 that refuses such a request; the UI reloads into the session's workspace. */
export const WORKSPACE_CHANGED = 'workspace_changed';
export const WORKSPACE_ACCESS_ENDED = 'workspace_access_ended';
