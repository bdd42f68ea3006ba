import { z } from 'zod';

/**
 * Human takeover (docs/product-spec.md "Human takeover"): when a member replies from the
 * inbox, automation pauses for that contact — no comment rule DMs them, no flow starts or sends to
 * them, broadcasts skip them — until a member presses "Resume automation" or the workspace's quiet
 * time passes (contacts.automation_paused_until). A person's own replies are never held back.
 */

export const PAUSED_REASON = 'paused: a teammate is handling this conversation';
export const DEFAULT_QUIET_HOURS = 24;
/** A week: longer than Meta's HUMAN_AGENT window (7 days, docs/platform-apis.md §2.1) would only pause a contact nobody may answer. */
export const MAX_QUIET_HOURS = 168;

/** POST /api/conversations/:id/automation: pause (as if a member had replied) or resume now. */
export const automationBodySchema = z.strictObject({ paused: z.boolean({ error: 'paused must be true or false' }) });

/** GET|PUT /api/settings/takeover. */
export const takeoverSettingsSchema = z.strictObject({
  quietHours: z
    .number({ error: 'quietHours must be a number of hours' })
    .int('Whole hours only')
    .min(1, 'At least 1 hour')
    .max(MAX_QUIET_HOURS, `At most ${MAX_QUIET_HOURS} hours (7 days)`),
});
export type TakeoverSettings = z.infer<typeof takeoverSettingsSchema>;

/** Who answers a conversation now: the bot, or the member who took over until `until`. */
export interface ConversationAutomation {
  paused: boolean;
  /** When automation resumes by itself (ISO), null while the bot answers. */
  pausedUntil: string | null;
  /** The member who took over; name "A teammate" once they are gone. */
  pausedBy: { id: string | null; name: string } | null;
}
