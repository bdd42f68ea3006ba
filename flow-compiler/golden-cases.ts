import type { FlowGraph, FlowPlatform } from '../contracts/flows';
import { commentTrigger, dmTrigger, e, n } from './golden-graph';
import { goldenCasesOfGrowthNodes } from './golden-cases-growth';

/** Graphs for the golden-file tests: one valid flow per node kind, one broken flow per error code. */

export interface GoldenCase {
  name: string;
  graph: FlowGraph;
  platform?: FlowPlatform;
}

export const goldenCases: GoldenCase[] = [
  // ---- valid flows, every kind ----
  { name: 'valid-trigger-only', graph: { nodes: [dmTrigger()], edges: [] } },
  {
    name: 'valid-dm-kinds',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'instagramDM', { text: 'Hi {first_name}!', quickReplies: ['Yes', 'No'] }),
        n('3', 'messengerDM', { text: 'Also on Messenger' }),
        n('4', 'twitterDM', { text: 'And on X' }),
        n('5', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '4'), e('4', '5')],
    },
  },
  {
    name: 'valid-comment-public-reply',
    graph: {
      nodes: [commentTrigger(), n('2', 'publicReply', { text: 'Sent you a DM!' }), n('3', 'instagramDM', { text: 'Here is the link' })],
      edges: [e('1', '2'), e('2', '3')],
    },
    platform: 'instagram',
  },
  {
    name: 'valid-delay-condition',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'delay', { amount: 0, unit: 'seconds' }),
        n('3', 'condition', {
          match: 'any',
          rules: [
            { subject: 'tag', operator: 'has', value: 'vip' },
            { subject: 'lastMessage', operator: 'contains', value: 'price' },
          ],
        }),
        n('4', 'instagramDM', { text: 'VIP price' }),
        n('5', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '4', 'yes'), e('3', '5', 'no'), e('4', '5')],
    },
  },
  {
    name: 'valid-wait-for-reply',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'instagramDM', { text: "What's your email?" }),
        n('3', 'waitForReply', { timeout: { amount: 2, unit: 'days' }, saveAs: 'email' }),
        n('4', 'instagramDM', { text: 'Thanks!' }),
        n('5', 'addTag', { tag: 'no-reply' }),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '4', 'reply'), e('3', '5', 'timeout')],
    },
  },
  {
    name: 'valid-randomizer',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'randomizer', {
          branches: [
            { key: 'A', weight: 70 },
            { key: 'B', weight: 30 },
          ],
        }),
        n('3', 'instagramDM', { text: 'Variant A' }),
        n('4', 'instagramDM', { text: 'Variant B' }),
      ],
      edges: [e('1', '2'), e('2', '3', 'A'), e('2', '4', 'B')],
    },
  },
  {
    name: 'valid-webhook-tags-fields',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'webhook', {
          method: 'POST',
          url: 'https://example.com/hook',
          headers: [{ key: 'X-Token', value: 'abc' }],
          body: '{"name":"{name}"}',
          saveResponseTo: 'crm_id',
        }),
        n('3', 'addTag', { tag: 'lead' }),
        n('4', 'removeTag', { tag: 'cold' }),
        n('5', 'setField', { field: 'stage', value: 'contacted' }),
        n('6', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '4'), e('4', '5'), e('5', '6')],
    },
  },
  {
    name: 'valid-loop-with-delay',
    graph: {
      // A quiz: every answer asks the next question; silence for an hour ends it.
      nodes: [
        dmTrigger(),
        n('2', 'instagramDM', { text: 'Next question?' }),
        n('3', 'waitForReply', { timeout: { amount: 1, unit: 'hours' }, saveAs: 'answer' }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '2', 'reply'), e('3', '4', 'timeout')],
    },
  },
  {
    name: 'valid-legacy-start-label',
    graph: { nodes: [n('1', undefined, { type: 'keyword_dm', keywords: ['hi'] }, 'Start')], edges: [] },
  },
  // ---- one broken flow per error code ----
  { name: 'error-no-trigger', graph: { nodes: [n('1', 'instagramDM', { text: 'Hi' })], edges: [] } },
  {
    name: 'error-trigger-needs-keywords',
    graph: { nodes: [dmTrigger([]), n('2', 'instagramDM', { text: 'Hi' })], edges: [e('1', '2')] },
  },
  { name: 'error-multiple-triggers', graph: { nodes: [dmTrigger(), n('2', 'trigger', { type: 'keyword_dm', keywords: ['x'] })], edges: [e('1', '2')] } },
  { name: 'error-unknown-kind', graph: { nodes: [dmTrigger(), n('2', undefined, {}, 'Teleport')], edges: [e('1', '2')] } },
  {
    name: 'error-invalid-config',
    graph: {
      nodes: [dmTrigger(), n('2', 'instagramDM', { text: '' }), n('3', 'delay', { amount: 400, unit: 'days' }), n('4', 'webhook', { url: 'not a url' })],
      edges: [e('1', '2'), e('2', '3'), e('3', '4')],
    },
  },
  { name: 'error-dangling-edge', graph: { nodes: [dmTrigger()], edges: [e('1', '9')] } },
  { name: 'error-unreachable', graph: { nodes: [dmTrigger(), n('2', 'instagramDM', { text: 'Lost' })], edges: [] } },
  {
    name: 'error-missing-branch',
    graph: {
      nodes: [dmTrigger(), n('2', 'condition', { rules: [{ subject: 'tag', operator: 'has', value: 'vip' }] }), n('3', 'instagramDM', { text: 'VIP' })],
      edges: [e('1', '2'), e('2', '3', 'yes')],
    },
  },
  {
    name: 'error-unknown-branch',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'condition', { rules: [{ subject: 'tag', operator: 'has', value: 'vip' }] }),
        n('3', 'complete'),
        n('4', 'instagramDM', { text: 'x' }),
      ],
      edges: [e('1', '2'), e('2', '3', 'yes'), e('2', '3', 'no'), e('2', '4', 'maybe'), e('3', '4')],
    },
  },
  {
    name: 'error-multiple-exits',
    graph: {
      nodes: [dmTrigger(), n('2', 'instagramDM', { text: 'a' }), n('3', 'instagramDM', { text: 'b' })],
      edges: [e('1', '2'), e('1', '3')],
    },
  },
  {
    name: 'error-cycle-without-wait',
    graph: {
      nodes: [dmTrigger(), n('2', 'instagramDM', { text: 'again' }), n('3', 'delay', { amount: 0, unit: 'seconds' })],
      edges: [e('1', '2'), e('2', '3'), e('3', '2')],
    },
  },
  {
    name: 'error-outside-window-reminder-loop',
    // Reminding every hour without an answer runs past Meta's 24-hour window.
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'instagramDM', { text: 'Reminder' }),
        n('3', 'waitForReply', { timeout: { amount: 1, unit: 'hours' }, saveAs: null }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '4', 'reply'), e('3', '2', 'timeout')],
    },
  },
  {
    name: 'error-trigger-has-input',
    graph: { nodes: [dmTrigger(), n('2', 'instagramDM', { text: 'a' })], edges: [e('1', '2'), e('2', '1')] },
  },
  {
    name: 'error-channel-mismatch',
    graph: { nodes: [dmTrigger(), n('2', 'instagramDM', { text: 'a' })], edges: [e('1', '2')] },
    platform: 'twitter',
  },
  {
    name: 'error-public-reply-needs-comment',
    graph: { nodes: [dmTrigger(), n('2', 'publicReply', { text: 'thanks' })], edges: [e('1', '2')] },
  },
  {
    name: 'error-outside-window',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'delay', { amount: 2, unit: 'days' }),
        n('3', 'messengerDM', { text: 'Still there?' }),
        n('4', 'twitterDM', { text: 'X has no window' }),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '4')],
    },
  },
  // ---- the AI reply node ----
  {
    name: 'valid-ai-reply',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'aiReply', { confidenceThreshold: 0.7, handoffTag: 'needs-human', instructions: 'Warm and short' }),
        n('3', 'complete'),
        n('4', 'addTag', { tag: 'ai-handoff' }),
      ],
      edges: [e('1', '2'), e('2', '3', 'answered'), e('2', '4', 'handoff')],
    },
  },
  {
    name: 'error-ai-reply-missing-handoff',
    graph: { nodes: [dmTrigger(), n('2', 'aiReply', {}), n('3', 'complete')], edges: [e('1', '2'), e('2', '3', 'answered')] },
  },
  {
    name: 'error-ai-reply-unnamed-exit',
    graph: {
      nodes: [dmTrigger(), n('2', 'aiReply', {}), n('3', 'complete'), n('4', 'complete')],
      edges: [e('1', '2'), e('2', '3'), e('2', '4', 'handoff')],
    },
  },
  {
    name: 'error-ai-reply-invalid-config',
    graph: {
      nodes: [dmTrigger(), n('2', 'aiReply', { confidenceThreshold: 1.5, handoffTag: '' }), n('3', 'complete'), n('4', 'complete')],
      edges: [e('1', '2'), e('2', '3', 'answered'), e('2', '4', 'handoff')],
    },
  },
  // ---- the Track conversion node ----
  {
    name: 'valid-track-conversion',
    graph: {
      nodes: [dmTrigger(), n('2', 'trackConversion', { amountCents: 4900, currency: 'USD' }), n('3', 'complete')],
      edges: [e('1', '2'), e('2', '3')],
    },
  },
  {
    name: 'error-track-conversion-invalid-config',
    graph: {
      nodes: [dmTrigger(), n('2', 'trackConversion', { amountCents: 12.5, currency: 'EUR' }), n('3', 'complete')],
      edges: [e('1', '2'), e('2', '3')],
    },
  },
  ...goldenCasesOfGrowthNodes,
];
