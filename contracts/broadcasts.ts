import { z } from 'zod';
import { leadStatusSchema } from './leads';

/** Who a broadcast goes to (ARCHITECTURE.md#broadcasts). Every condition given must hold (AND). */
export const broadcastSegmentSchema = z.object({
  /** The contact has every one of these tags. */
  tags: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  /** Contact fields (custom_fields) equal to these values. */
  fields: z
    .array(z.object({ key: z.string().trim().min(1).max(100), value: z.string().max(500) }))
    .max(20)
    .default([]),
  platform: z.enum(['instagram', 'facebook', 'twitter']).nullable().default(null),
  /** The contact's lead has this status. */
  leadStatus: leadStatusSchema.nullable().default(null),
  /** The contact last wrote to us within this many hours (null: any time or never). */
  lastInboundWithinHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .nullable()
    .default(null),
});
export type BroadcastSegment = z.infer<typeof broadcastSegmentSchema>;

const text = z.string().trim().min(1, 'Write the message').max(1000, 'Instagram allows 1,000 bytes; keep the message under 1,000 characters');

export const createBroadcastBodySchema = z.object({
  name: z.string().trim().min(1, 'Name the broadcast').max(200),
  text,
  link: z.union([z.literal(''), z.url('Enter a full link, e.g. https://example.com').max(2000)]).default(''),
  /** The message's links are sent as tracked `/l/<code>` links (one code per recipient), so clicks count. */
  trackLinks: z.boolean().default(true),
  segment: broadcastSegmentSchema,
});
export type CreateBroadcastBody = z.infer<typeof createBroadcastBodySchema>;

export const audienceQuerySchema = z.object({ segment: broadcastSegmentSchema });

export const startBroadcastBodySchema = z.object({
  /** Absent or null: now. */
  runAt: z.iso.datetime({ offset: true }).nullable().default(null),
});

export const broadcastStatuses = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

/**
 * The audience by Meta's rules (docs/platform-apis.md §2.1): inside the 24-hour window; reachable
 * only with a message tag (always 0 for a broadcast: no tag allows promotional content, HUMAN_AGENT
 * is for a person's reply); not reachable, by reason. X has no messaging window (§4.2): its contacts
 * are reachable, paced at 15 DMs per 15 minutes (§4.3).
 */
export interface BroadcastAudience {
  total: number;
  inWindow: number;
  xReachable: number;
  /** Who it would go to now: inWindow + xReachable. */
  reachable: number;
  tagOnly: number;
  tagNote: string;
  skipped: { reason: string; count: number }[];
  /** Of the skipped, those Meta's 24-hour window leaves out (never wrote, or wrote more than 24 hours ago). */
  outsideWindow: number;
  byPlatform: { platform: string; count: number }[];
  /**
   * Seconds from the start until the last reachable contact's DM goes out, at each account's send
   * rate with the slots already taken (db/broadcasts/pace.ts): the figure the progress ETA starts from.
   */
  etaSeconds: number;
  /** Per platform: how many it reaches, at what rate, and how long that takes. */
  pacing: { platform: string; reachable: number; perHour: number; burst: number; etaSeconds: number }[];
}

export interface BroadcastProgress {
  total: number;
  pending: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  cancelled: number;
  /** Seconds until the last queued or pending recipient's turn; null when nothing is left. */
  etaSeconds: number | null;
  /**
   * The DMs per second of the account whose last send decides the ETA (the one that finishes last),
   * each account held to its own platform's limit; null when nothing is left.
   */
  ratePerSecond: number | null;
  /** That account sends slower than its platform allows: the ETA is its pace over the last 30 s. */
  behindPlatformRate: boolean;
  /** DMs per second actually sent over the last 30 s (all accounts); null in the first 10 s. */
  sentPerSecondRecently: number | null;
  /** How many accounts still have recipients to send to. */
  accountsSending: number;
}

export interface Broadcast {
  id: string;
  name: string;
  text: string;
  link: string | null;
  trackLinks: boolean;
  segment: BroadcastSegment;
  status: BroadcastStatus;
  runAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  progress: BroadcastProgress;
}

export interface BroadcastRecipientRow {
  contactId: string;
  name: string;
  platform: string;
  status: 'pending' | 'queued' | 'sent' | 'failed' | 'skipped' | 'cancelled';
  reason: string | null;
}
