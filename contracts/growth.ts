import { z } from 'zod';
import { analyticsTimeframeSchema, type AnalyticsTimeframe } from './analytics';

/**
 * Growth tools (docs/platform-apis.md §1.9, §2.12): ice breakers and the persistent menu pushed to
 * an account's Messenger profile, and growth links (ig.me / m.me with a `ref`) with QR codes. Every
 * item that starts a flow carries the payload `flow:<flowId>`; the flow's trigger is "postback"
 * (contracts/flows/nodes/trigger.ts).
 */

/** Meta: at most 4 ice breakers per locale (docs/platform-apis.md §2.12). */
export const ICE_BREAKERS_MAX = 4;
/** Replypilot's cap on a question (§2.12: Meta's pages state none; longer ones are cut on phones). */
export const ICE_BREAKER_QUESTION_MAX = 80;
/** Meta: at most 20 top-level persistent-menu items; a title is at most 30 characters (§2.12). */
export const MENU_ITEMS_MAX = 20;
export const MENU_TITLE_MAX = 30;
/** Meta: a postback payload is at most 1,000 characters (§2.12). */
export const POSTBACK_PAYLOAD_MAX = 1000;

/** The postback payload that starts a flow. */
export const flowPayload = (flowId: string) => `flow:${flowId}`;
export function flowIdOfPayload(payload: string | undefined | null): string | null {
  const m = /^flow:([0-9a-f-]{36})$/i.exec(payload ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

/** `default` (required once) or a Meta locale such as en_US, pt_BR (§2.12). */
const locale = z.string().regex(/^(default|[a-z]{2}_[A-Z]{2})$/, 'A locale is "default" or like en_US');

function oneDefaultLocale<T extends { locale: string }>(list: T[], ctx: z.RefinementCtx) {
  if (list.length > 0 && !list.some((l) => l.locale === 'default'))
    ctx.addIssue({ code: 'custom', path: [], message: 'Add the "default" locale: Meta requires it' });
  const seen = new Set<string>();
  list.forEach((l, i) => {
    if (seen.has(l.locale)) ctx.addIssue({ code: 'custom', path: [i, 'locale'], message: `The locale ${l.locale} is listed twice` });
    seen.add(l.locale);
  });
}

export const iceBreakerSchema = z.object({
  question: z.string().trim().min(1, 'Write the question').max(ICE_BREAKER_QUESTION_MAX, `At most ${ICE_BREAKER_QUESTION_MAX} characters`),
  flowId: z.uuid('Pick a flow'),
});
export const iceBreakersSchema = z.object({
  locales: z
    .array(
      z.object({
        locale,
        items: z.array(iceBreakerSchema).min(1, 'Add at least one question').max(ICE_BREAKERS_MAX, `Meta allows at most ${ICE_BREAKERS_MAX} ice breakers`),
      }),
    )
    .max(40)
    .superRefine(oneDefaultLocale),
});
export type IceBreakers = z.infer<typeof iceBreakersSchema>;

const menuTitle = z.string().trim().min(1, 'Write the title').max(MENU_TITLE_MAX, `At most ${MENU_TITLE_MAX} characters`);
export const menuItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('postback'), title: menuTitle, flowId: z.uuid('Pick a flow') }),
  z.object({ type: z.literal('web_url'), title: menuTitle, url: z.url({ protocol: /^https?$/, error: 'An http(s) address' }).max(2000) }),
]);
export const persistentMenuSchema = z.object({
  locales: z
    .array(
      z.object({
        locale,
        items: z.array(menuItemSchema).min(1, 'Add at least one item').max(MENU_ITEMS_MAX, `Meta allows at most ${MENU_ITEMS_MAX} items`),
      }),
    )
    .max(40)
    .superRefine(oneDefaultLocale),
});
export type PersistentMenu = z.infer<typeof persistentMenuSchema>;

/** GET …/ice-breakers and …/persistent-menu: what Replypilot last pushed next to what the platform holds now. */
export interface MessengerProfileView<T> {
  /** What Replypilot pushed last (null: never, or cleared). */
  pushed: T | null;
  pushedAt: string | null;
  /** What Meta holds now, read back (items whose payload is not `flow:<id>` keep a null flowId); null when unread. */
  platform: { locales: Array<{ locale: string; items: Array<{ title: string; type: string; flowId: string | null; url: string | null }> }> } | null;
  /** Why the platform's copy could not be read (sandbox account, Meta error), or null. */
  platformNote: string | null;
}

/** A growth link's ref: Meta accepts letters, digits, -, _ and = (§1.9). */
export const growthLinkRefSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_=-]{1,60}$/, 'Letters, digits, -, _ and = only, at most 60');

export const createGrowthLinkSchema = z.object({
  name: z.string().trim().min(1, 'Name the link').max(100),
  accountId: z.uuid('Pick an account'),
  flowId: z.uuid('Pick a flow'),
  /** Added to every contact who opens the conversation from this link; null for none. */
  tag: z.string().trim().min(1).max(50).nullable().default(null),
  /** Optional; made from the name when absent. */
  ref: growthLinkRefSchema.optional(),
});
export type CreateGrowthLink = z.input<typeof createGrowthLinkSchema>;

export interface GrowthLink {
  id: string;
  name: string;
  accountId: string;
  accountLabel: string;
  platform: 'instagram' | 'facebook';
  flowId: string;
  flowName: string;
  tag: string | null;
  ref: string;
  url: string;
  /** Runs of the link's flow started by this link's referrals (flow_runs): all time, or in `timeframe` when asked. */
  starts: number;
  createdAt: string;
}

/** GET /api/growth/links: `timeframe` counts starts in the last N calendar days (the workspace's zone), as Analytics does. */
export const growthLinksQuerySchema = z.object({ timeframe: analyticsTimeframeSchema.optional() });

/** GET /api/analytics/entry-links: each growth link's starts in the timeframe (db/growth/growth-links.ts, one query). */
export interface AnalyticsEntryLinks {
  timeframe: AnalyticsTimeframe;
  links: Array<Pick<GrowthLink, 'id' | 'name' | 'accountLabel' | 'platform' | 'flowName' | 'ref' | 'starts'>>;
}
