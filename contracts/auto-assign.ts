import { z } from 'zod';

/**
 * Automatic assignment of new conversations (docs/product-spec.md "Teams", ADR 0050). Off by
 * default; an owner or admin may turn on round-robin: a conversation a DM starts is given to the
 * eligible member who was least recently given one automatically (ties: fewest open conversations,
 * then member id). Eligible: a member whose role can reply (contracts/permissions.ts inbox:write)
 * who marked themselves available in the inbox and is online (a /ws socket of theirs was seen in
 * the last PRESENCE_ONLINE_SECONDS). Nobody eligible: it stays Unassigned. Only new conversations
 * started by an inbound DM: a later message, a comment or a redelivery changes no assignee.
 */
export const autoAssignModes = ['off', 'round_robin'] as const;
export type AutoAssignMode = (typeof autoAssignModes)[number];
export const autoAssignModeLabels: Record<AutoAssignMode, string> = {
  off: 'Off: new conversations stay Unassigned',
  round_robin: 'Round-robin among available teammates who are online',
};

/** A member counts as online this long after a socket of theirs was last seen (each web process touches them every 30 s). */
export const PRESENCE_ONLINE_SECONDS = 120;
/** How often each web process touches the presence of its sockets' available members. */
export const PRESENCE_TOUCH_SECONDS = 30;

/** PUT /api/settings/auto-assign (owners and admins). */
export const autoAssignSettingsSchema = z.strictObject({
  mode: z.enum(autoAssignModes, { error: 'mode must be off or round_robin' }),
});

/** PUT /api/settings/auto-assign/me (a role that can reply): this member in or out of the rotation. */
export const availabilityBodySchema = z.strictObject({
  available: z.boolean({ error: 'available must be true or false' }),
});

/** GET /api/settings/auto-assign, and the PUTs' answer. */
export interface AutoAssignSettings {
  mode: AutoAssignMode;
  /** The signed-in member marked themselves available. */
  available: boolean;
  /** Members who would be picked from now: available, online, and whose role can reply. */
  eligibleNow: number;
}
