import type { z } from 'zod';
import type { NodeKind } from '../node-kinds';
import { aiReplyConfig, aiReplyDefault, aiReplyHandles } from './ai-reply';
import { askQuestionConfig, askQuestionDefault, askQuestionHandles } from './ask-question';
import { bookTimeConfig, bookTimeDefault, bookTimeHandles } from './book-time';
import { captureLeadConfig, captureLeadDefault } from './capture-lead';
import { completeConfig, completeDefault } from './complete';
import { conditionConfig, conditionDefault } from './condition';
import { delayConfig, delayDefault } from './delay';
import { followGateConfig, followGateDefault, followGateHandles } from './follow-gate';
import { dmConfig, dmDefault } from './dm';
import { enrollSequenceConfig, enrollSequenceDefault } from './enroll-sequence';
import { publicReplyConfig, publicReplyDefault } from './public-reply';
import { randomizerConfig, randomizerDefault } from './randomizer';
import { setFieldConfig, setFieldDefault } from './set-field';
import { tagConfig, tagDefault } from './tag';
import { trackConversionConfig, trackConversionDefault } from './track-conversion';
import { triggerConfig, triggerDefault } from './trigger';
import { waitForReplyConfig, waitForReplyDefault } from './wait-for-reply';
import { webhookConfig, webhookDefault } from './webhook';

/** Each kind's config schema; the compiler validates node configs with these when publishing. */
export const nodeConfigSchemas = {
  trigger: triggerConfig,
  instagramDM: dmConfig,
  messengerDM: dmConfig,
  twitterDM: dmConfig,
  publicReply: publicReplyConfig,
  delay: delayConfig,
  condition: conditionConfig,
  waitForReply: waitForReplyConfig,
  randomizer: randomizerConfig,
  webhook: webhookConfig,
  aiReply: aiReplyConfig,
  addTag: tagConfig,
  removeTag: tagConfig,
  setField: setFieldConfig,
  trackConversion: trackConversionConfig,
  captureLead: captureLeadConfig,
  askQuestion: askQuestionConfig,
  followGate: followGateConfig,
  enrollSequence: enrollSequenceConfig,
  bookTime: bookTimeConfig,
  complete: completeConfig,
} satisfies Record<NodeKind, z.ZodType>;

export type NodeConfig<K extends NodeKind> = z.infer<(typeof nodeConfigSchemas)[K]>;

/** Each kind's fresh configuration, type-checked against that kind's schema. */
const defaultConfigs = {
  trigger: triggerDefault,
  instagramDM: dmDefault,
  messengerDM: dmDefault,
  twitterDM: dmDefault,
  publicReply: publicReplyDefault,
  delay: delayDefault,
  condition: conditionDefault,
  waitForReply: waitForReplyDefault,
  randomizer: randomizerDefault,
  webhook: webhookDefault,
  aiReply: aiReplyDefault,
  addTag: tagDefault,
  removeTag: tagDefault,
  setField: setFieldDefault,
  trackConversion: trackConversionDefault,
  captureLead: captureLeadDefault,
  askQuestion: askQuestionDefault,
  followGate: followGateDefault,
  enrollSequence: enrollSequenceDefault,
  bookTime: bookTimeDefault,
  complete: completeDefault,
} satisfies { [K in NodeKind]: NodeConfig<K> };

/**
 * A fresh node's configuration (what the palette drops on the canvas). A copy each call, so callers
 * may change it without changing the table.
 */
export function defaultConfig(kind: NodeKind): Record<string, unknown> {
  return structuredClone(defaultConfigs[kind]);
}

/** The branch names a kind's outgoing edges must carry (`sourceHandle`); null = one unnamed exit. */
export function handlesOf(kind: NodeKind, config?: unknown): string[] | null {
  if (kind === 'condition') return ['yes', 'no'];
  if (kind === 'waitForReply') return ['reply', 'timeout'];
  if (kind === 'aiReply') return [...aiReplyHandles];
  if (kind === 'askQuestion') {
    // Any text is a valid free-text answer: no "invalid" branch to connect.
    const parsed = askQuestionConfig.safeParse(config);
    return parsed.success && parsed.data.answer === 'text' ? ['answered', 'timeout'] : [...askQuestionHandles];
  }
  if (kind === 'followGate') return [...followGateHandles];
  if (kind === 'bookTime') return [...bookTimeHandles];
  if (kind === 'randomizer') {
    const parsed = randomizerConfig.safeParse(config);
    return parsed.success ? parsed.data.branches.map((b) => b.key) : ['A', 'B'];
  }
  if (kind === 'complete') return [];
  return null;
}

/** How a named branch reads to a person, in the builder and in publish errors; a randomizer's branch keeps its own name. */
const branchLabels: Record<string, string> = {
  yes: 'Yes',
  no: 'No',
  reply: 'Reply',
  timeout: 'Timeout',
  answered: 'Answered',
  handoff: 'Handoff',
  invalid: 'Invalid',
  // Short: three labels share the bottom edge of a node on the canvas.
  following: 'Follows',
  notFollowing: 'No follow',
  booked: 'Booked',
  noSlot: 'No slot',
};

export function branchLabel(handle: string): string {
  return branchLabels[handle] ?? handle;
}

export {
  aiReplyConfig,
  askQuestionConfig,
  bookTimeConfig,
  captureLeadConfig,
  completeConfig,
  conditionConfig,
  delayConfig,
  dmConfig,
  followGateConfig,
  enrollSequenceConfig,
  publicReplyConfig,
  randomizerConfig,
  setFieldConfig,
  tagConfig,
  trackConversionConfig,
  triggerConfig,
  waitForReplyConfig,
  webhookConfig,
};
export { aiAnswerOutput, type AiAnswerOutput } from './ai-reply';
export { answerKinds, type AnswerKind } from './ask-question';
export { conditionRule, type ConditionRule } from './condition';
export { followCheckOutput, type FollowCheckOutput } from './follow-gate';
export { isForbiddenWebhookHeader } from './webhook';
export { durationMs, durationUnits, maxDelayMs, unitMs, type Duration } from './shared';
