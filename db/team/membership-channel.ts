import { z } from 'zod';

/**
 * NOTIFY channel of membership changes (a member added, their role changed, or removed), sent by the
 * trigger on `workspace_members` of the migration `teams`, whoever writes it: every web process
 * drops the user from its session cache and closes their sockets in that workspace (ADR 0038).
 */
export const MEMBERSHIPS_CHANNEL = 'replypilot_memberships';

export const membershipChangeSchema = z.object({ userId: z.string().min(1), workspaceId: z.string().min(1) });
export type MembershipChange = z.infer<typeof membershipChangeSchema>;
