import { z } from 'zod';
import type { InboundForecast } from './keyword-clashes';
import type { Platform } from './platforms';

export const simulatedContactSchema = z.object({
  externalUserId: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(100),
  username: z.string().trim().min(1).max(64),
});

export const simulateCommentBodySchema = z.object({
  accountId: z.uuid(),
  postId: z.string().trim().min(1).max(100),
  contact: simulatedContactSchema,
  text: z.string().trim().min(1, 'Write a comment').max(2200),
  /** Optional platform comment id; a repeat is treated as the platform retrying (no-op). */
  commentId: z.string().trim().min(1).max(100).optional(),
});

export const simulateMessageBodySchema = z.object({
  accountId: z.uuid(),
  contact: simulatedContactSchema,
  text: z.string().trim().min(1, 'Write a message').max(2000),
  messageId: z.string().trim().min(1).max(100).optional(),
  /** Instagram: the DM replies to the account's story (Meta's `reply_to.story`, docs/platform-apis.md §1.6). */
  storyReply: z.boolean().optional(),
});

/** POST /api/simulator/taps: a tap on an ice breaker or menu item (or a typed payload), as Meta's postback. */
export const simulateTapBodySchema = z.object({
  accountId: z.uuid(),
  contact: simulatedContactSchema,
  /** The question or the item's title: the DM's text, as Meta sends it. */
  title: z.string().trim().min(1, 'Name what was tapped').max(200),
  payload: z.string().trim().min(1, 'Write the payload').max(1000, 'Meta allows at most 1,000 characters'),
  messageId: z.string().trim().min(1).max(100).optional(),
});

/** POST /api/simulator/referrals: a person opens one of the workspace's entry links (a sandbox account's). */
export const simulateReferralBodySchema = z.object({
  linkId: z.uuid('Pick a link'),
  contact: simulatedContactSchema,
  messageId: z.string().trim().min(1).max(100).optional(),
});

/** PUT /api/simulator/follows: whether a simulated person follows a sandbox account (what a Follow gate's check reads). */
export const simulateFollowBodySchema = z.object({
  accountId: z.uuid(),
  externalUserId: simulatedContactSchema.shape.externalUserId,
  follows: z.boolean(),
});
export type SimulateFollowBody = z.infer<typeof simulateFollowBodySchema>;

export interface SimulatorPost {
  id: string;
  accountId: string;
  externalId: string;
  caption: string;
  imageUrl: string;
  permalink: string;
}

export interface SimulatorState {
  accounts: { id: string; platform: Platform; username: string; displayName: string }[];
  posts: SimulatorPost[];
  contacts: z.infer<typeof simulatedContactSchema>[];
  /** The sandbox contacts who opted out (contracts/opt-out.ts), per account. */
  optedOut: { accountId: string; externalUserId: string }[];
  /** The simulated people who follow each sandbox account (db/schema/sandbox.ts); everyone else does not. */
  follows: { accountId: string; externalUserId: string }[];
}

export interface IngestAccepted {
  accepted: true;
  eventId: string | null;
  /** True when the same event key was already accepted (a platform retry). */
  duplicate: boolean;
}

/**
 * POST /api/simulator/comments and /messages: accepted, and what the automations will do with it,
 * said at once (workflows/keyword-clashes.ts forecastInbound); null for a repeat, and for taps and
 * referrals (/taps, /referrals), whose flow is named by the item or the link.
 */
export type SimulatedEventAccepted = IngestAccepted & { forecast: InboundForecast | null };

/** What the sandbox "platform" delivered: the simulator's view of our sends. */
export interface OutboxItem {
  id: string;
  accountId: string;
  kind: 'dm' | 'private_reply' | 'public_reply';
  recipientExternalId: string;
  commentId: string | null;
  text: string;
  createdAt: string;
}
