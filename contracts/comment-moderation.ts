import { z } from 'zod';

/**
 * Comment moderation of one account (ADR 0052): comments that match are hidden or deleted through
 * the Graph API (docs/platform-apis.md §2.14) by a durable job, logged in the activity feed, and no
 * comment rule or flow answers them. Stored on the account (`social_accounts.comment_moderation`),
 * so the inbound batch reads it with the account it already claims.
 */
export const moderationSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Words or phrases (whole words, any letter case) that moderate a comment. */
  keywords: z.array(z.string().trim().min(1, 'A keyword cannot be empty').max(100)).max(50, 'At most 50 keywords').default([]),
  /** A comment with a link (http(s)://…, www.…, or a domain such as example.com) is moderated. */
  blockLinks: z.boolean().default(false),
  /** The same text by the same person this many times within an hour: that one and later ones are moderated; null: off. */
  repeatLimit: z.number().int().min(2, 'At least 2').max(20, 'At most 20').nullable().default(null),
  /** Hide keeps the comment visible to its author only (reversible); delete removes it. */
  action: z.enum(['hide', 'delete']).default('hide'),
});
export type ModerationSettings = z.infer<typeof moderationSettingsSchema>;

export const defaultModerationSettings: ModerationSettings = { enabled: false, keywords: [], blockLinks: false, repeatLimit: null, action: 'hide' };

/** `GET /api/social-accounts/:id/moderation`: the settings and the latest moderated comments. */
export interface ModerationView {
  settings: ModerationSettings;
  recent: Array<{
    commentId: string;
    text: string;
    author: string;
    action: 'hide' | 'delete';
    reason: string;
    status: 'queued' | 'done' | 'failed';
    error: string | null;
    createdAt: string;
  }>;
}

/** Why a comment is moderated, in words for the activity feed. */
export type ModerationReason = { kind: 'keyword'; keyword: string } | { kind: 'link' } | { kind: 'repeat'; times: number };

export function moderationReasonText(r: ModerationReason): string {
  if (r.kind === 'keyword') return `it contains “${r.keyword}”`;
  if (r.kind === 'link') return 'it contains a link';
  return `the same text ${r.times} times within an hour`;
}
