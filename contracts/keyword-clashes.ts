import { z } from 'zod';
import { flowGraphSchema } from './flows/graph';
import { flowPlatforms } from './flows/flows.api';

/** The platforms an inbound event comes from (a flow's "instagram" platform listens on Instagram and Messenger). */
export type ClaimPlatform = 'instagram' | 'facebook' | 'twitter';
/** The kinds of inbound event an automation answers: comment rules answer comments; flow triggers any of these. */
export type ClaimEvent = 'comment' | 'keyword_dm' | 'story_reply' | 'story_mention';

/**
 * What one live automation listens to (workflows/keyword-clashes.ts): an active comment rule, or the
 * published trigger of a live flow. Made by `ruleClaim` / `flowClaim`.
 */
export interface KeywordClaim {
  kind: 'rule' | 'flow';
  id: string;
  /** The flow's name, or the rule's keywords. */
  name: string;
  event: ClaimEvent;
  platforms: ClaimPlatform[];
  /** One connected account, or null for every account of its platforms. */
  accountId: string | null;
  /** Comments on one post, or null for every post. */
  postId: string | null;
  /** A comment flow's trigger for Instagram Live comments only, or for post comments only; absent: both (rules answer both). */
  commentsOn?: 'posts' | 'live';
  /** Empty: every event of its kind (a flow trigger without keywords, a story mention). */
  keywords: string[];
  /** Rules: when it was made (the oldest matching rule answers); a rule not saved yet is the newest. */
  createdAt: string | null;
}

/**
 * One keyword of the automation being saved that another live automation also listens for
 * (ARCHITECTURE.md#rules-and-flows): who answers an event both match, and why.
 */
export interface KeywordClash {
  /** This automation's keyword; null when it listens to every event of its kind. */
  keyword: string | null;
  with: 'rule' | 'flow';
  id: string;
  /** The flow's name, or the other rule's keywords. */
  name: string;
  /** The other side's overlapping keyword(s); null when it listens to every event of its kind. */
  theirs: string | null;
  /** Who answers an event both match: the other one, this one, or both (every matching flow starts). */
  winner: 'them' | 'us' | 'both';
  /** older_rule: the oldest matching rule answers; rule_before_flow: a rule answers and the flow is not started; all_flows_start. */
  why: 'older_rule' | 'rule_before_flow' | 'all_flows_start';
  /** Every event this keyword catches (where both listen) goes to the winner. */
  covered: boolean;
  /** The clash in plain English, naming the winner and why. */
  message: string;
}

export interface ClashReport {
  clashes: KeywordClash[];
  /** Why this automation could never answer anything (every keyword is taken first by another); null when it can. */
  neverFires: string | null;
  /** Other automations this one would leave with nothing to answer. */
  silences: { with: 'rule' | 'flow'; id: string; name: string; message: string }[];
}

/** POST /api/comment-rules/clashes: the rule form's live check, before saving. */
export const ruleClashQuerySchema = z.object({
  /** The rule being edited (left out of the others, and its age kept); absent for a new rule. */
  id: z.uuid().nullish(),
  platform: z.enum(['instagram', 'facebook']),
  keywords: z.array(z.string().trim().min(1).max(100)).max(30),
  automationType: z.enum(['all_posts', 'specific_post']).default('all_posts'),
  postUrl: z.string().trim().max(500).nullish(),
});
export type RuleClashQuery = z.input<typeof ruleClashQuerySchema>;

/** POST /api/flows/clashes: what Start would say about the draft's trigger, before publishing. */
export const flowClashQuerySchema = z.object({
  /** The flow being edited (its own live version is not a clash); absent for a new flow. */
  flowId: z.uuid().nullish(),
  platform: z.enum(flowPlatforms).default('multi'),
  flowData: flowGraphSchema,
});
export type FlowClashQuery = z.input<typeof flowClashQuerySchema>;

/**
 * What the inbound pipeline will do with a simulated comment or DM, said at once (the Simulator's
 * answer to POST /api/simulator/comments and /messages): who answers, or why nothing will.
 */
export interface InboundForecast {
  /** The rule that sends the private reply, or the flows that start (empty: nothing answers). */
  answeredBy: { kind: 'rule' | 'flow'; id: string; name: string; keyword: string | null }[];
  /** Flows that match but are not started, and why. */
  skipped: { id: string; name: string; why: string }[];
  /** A run waiting for this contact's reply takes the DM (before any keyword flow). */
  resumesWaitingRun: boolean;
  /** null when something answers. */
  nothing: { reason: 'no_automation' | 'no_keyword_match' | 'opt_out_word' | 'opted_out' | 'paused'; keywords: string[] } | null;
  /** One line for the tester. */
  message: string;
}
