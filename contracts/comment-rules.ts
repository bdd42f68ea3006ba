import { z } from 'zod';
import type { ClashReport } from './keyword-clashes';

const keyword = z.string().trim().min(1).max(100);

/** The first spelling of each keyword wins; "Price" and "price" are one keyword. */
export function uniqueKeywords(keywords: string[]): string[] {
  const seen = new Set<string>();
  return keywords.filter((k) => {
    const key = k.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const commentRuleBodySchema = z
  .object({
    platform: z.enum(['instagram', 'facebook']),
    keywords: z
      .array(keyword, { error: 'Please add keywords and response template' })
      .min(1, 'Please add keywords and response template')
      .max(30, 'At most 30 keywords')
      // docs/product-spec.md §5: keywords trimmed, duplicates ignored
      .transform(uniqueKeywords),
    responseTemplate: z
      .string({ error: 'Please add keywords and response template' })
      .trim()
      .min(1, 'Please add keywords and response template')
      .max(1000, 'Response template is limited to 1,000 characters'),
    publicReplyTemplate: z.string().trim().max(1000).nullish(),
    isActive: z.boolean().default(true),
    automationType: z.enum(['all_posts', 'specific_post']).default('all_posts'),
    postUrl: z.string().trim().max(500).nullish(),
    /** Wrap the reply's links as tracked links so clicks count; on for new rules. */
    trackLinks: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.automationType === 'specific_post' && !b.postUrl) {
      ctx.addIssue({ code: 'custom', path: ['postUrl'], message: 'A post URL is required for a specific post' });
    }
  });
export type CommentRuleBody = z.infer<typeof commentRuleBodySchema>;

export const updateCommentRuleBodySchema = z
  .object({
    isActive: z.boolean().optional(),
    keywords: z.array(keyword).min(1).max(30).transform(uniqueKeywords).optional(),
    responseTemplate: z.string().trim().min(1).max(1000).optional(),
    publicReplyTemplate: z.string().trim().max(1000).nullable().optional(),
    trackLinks: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });

/** POST /api/automation/comment-growth: a one-call rule on one post (docs/product-spec.md §7). */
export const commentGrowthBodySchema = z.object({
  platform: z.enum(['instagram', 'facebook']),
  postId: z.string().trim().min(1).max(200),
  triggerKeywords: z.array(keyword).min(1).max(30).transform(uniqueKeywords),
  responseTemplate: z.string().trim().min(1).max(1000).optional(),
});

/** docs/product-spec.md §3 Comment rule, plus what the rule has done. */
export interface CommentRule {
  id: string;
  platform: 'instagram' | 'facebook';
  keywords: string[];
  responseTemplate: string;
  publicReplyTemplate: string | null;
  isActive: boolean;
  automationType: 'all_posts' | 'specific_post';
  postUrl: string | null;
  postId: string | null;
  trackLinks: boolean;
  createdAt: string;
  stats: { matched: number; sent: number; queued: number };
}

/** GET /api/comment-rules/queue: private replies waiting for the account's rate limit. */
export interface ReplyQueueStatus {
  queued: number;
  /** When the last queued reply is expected to go out, or null when nothing waits. */
  eta: string | null;
  accounts: { accountId: string; username: string; queued: number; eta: string | null; limitPerHour: number }[];
}

/**
 * POST and PATCH /api/comment-rules answer the rule with the clashes its keywords have now
 * (contracts/keyword-clashes.ts; nothing while the rule is off). A rule that could never fire is
 * refused instead (400, details.clashes).
 */
export type SavedCommentRule = CommentRule & Pick<ClashReport, 'clashes' | 'silences'>;
