import type { FlowEdge, FlowGraph, FlowNode, FlowPlatform, NodeKind } from '../contracts/flows';

/** Graphs for the golden-file tests: one valid flow per node kind, one broken flow per error code. */
const n = (id: string, kind: NodeKind | undefined, config: Record<string, unknown> = {}, label?: string): FlowNode => ({
  id,
  type: 'default',
  position: { x: 0, y: Number(id) * 100 || 0 },
  data: { label: label ?? kind ?? 'Mystery', ...(kind ? { kind } : {}), config },
});
const e = (source: string, target: string, sourceHandle?: string): FlowEdge => ({
  id: `${source}-${sourceHandle ?? 'next'}-${target}`,
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});
const dmTrigger = (keywords = ['price']) => n('1', 'trigger', { type: 'keyword_dm', keywords }, 'Start');
const commentTrigger = () => n('1', 'trigger', { type: 'comment', keywords: ['info'], postId: 'post_1' }, 'Start');

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
  // ---- the Sequence node (ADR 0048) ----
  {
    name: 'valid-enroll-sequence',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'enrollSequence', { sequenceId: '6f1c2f4e-8f0a-4c57-9d2e-1a2b3c4d5e6f', action: 'enroll' }),
        n('3', 'enrollSequence', { sequenceId: '6f1c2f4e-8f0a-4c57-9d2e-1a2b3c4d5e6f', action: 'unenroll' }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '4')],
    },
  },
  {
    name: 'error-enroll-sequence-invalid-config',
    graph: {
      nodes: [dmTrigger(), n('2', 'enrollSequence', { sequenceId: '', action: 'enroll' }), n('3', 'complete')],
      edges: [e('1', '2'), e('2', '3')],
    },
  },
  // ---- the Capture lead node ----
  {
    name: 'valid-capture-lead',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'waitForReply', { timeout: { amount: 1, unit: 'hours' } }),
        n('3', 'captureLead', { from: 'lastMessage', name: '{name}' }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3', 'reply'), e('2', '4', 'timeout'), e('3', '4')],
    },
  },
  {
    name: 'error-capture-lead-invalid-config',
    graph: {
      nodes: [dmTrigger(), n('2', 'captureLead', { from: 'template', value: '' }), n('3', 'complete')],
      edges: [e('1', '2'), e('2', '3')],
    },
  },
  {
    name: 'valid-dm-reply-options',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'instagramDM', { text: 'Pick one', quickReplies: ['Yes', 'No'], contactQuickReplies: ['user_email'] }),
        n('3', 'messengerDM', {
          text: 'Here it is',
          buttons: [
            { type: 'web_url', title: 'Open the guide', url: 'https://example.com/guide' },
            { type: 'postback', title: 'More like this' },
          ],
        }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '4')],
    },
  },
  {
    name: 'error-dm-reply-options',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'twitterDM', { text: 'Pick one', quickReplies: ['Yes', 'No'] }),
        n('3', 'instagramDM', {
          text: 'x'.repeat(700),
          quickReplies: Array.from({ length: 12 }, (_, i) => `Option ${i + 1}`),
          contactQuickReplies: ['user_email', 'user_phone_number'],
          buttons: [{ type: 'postback', title: 'Go' }],
        }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3'), e('3', '4')],
    },
  },
  {
    name: 'valid-ask-question',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'askQuestion', { question: 'Your email?', retryMessage: 'That is not an email, try again', timeout: { amount: 1, unit: 'hours' } }),
        n('3', 'instagramDM', { text: 'Thanks!' }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3', 'answered'), e('2', '4', 'invalid'), e('2', '4', 'timeout'), e('3', '4')],
    },
  },
  {
    name: 'valid-book-time',
    graph: {
      nodes: [
        dmTrigger(['book']),
        n('2', 'bookTime', {
          prompt: 'Pick a time',
          retryMessage: 'Pick one of these',
          takenMessage: 'That one just went',
          timeout: { amount: 1, unit: 'hours' },
          confirmation: 'Booked {booking_time}: {booking_link}',
        }),
        n('3', 'instagramDM', { text: 'See you then' }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3', 'booked'), e('2', '4', 'noSlot'), e('2', '4', 'timeout'), e('3', '4')],
    },
  },
  {
    // A Book a Time step whose "No slot" exit comes after a 2-day timeout: its DM would be outside Meta's window.
    name: 'error-book-time-window',
    graph: {
      nodes: [
        dmTrigger(['book']),
        n('2', 'bookTime', { prompt: 'Pick', retryMessage: 'Again', takenMessage: 'Gone', timeout: { amount: 2, unit: 'days' }, confirmation: 'Booked' }),
        n('3', 'instagramDM', { text: 'Still there?' }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '4', 'booked'), e('2', '4', 'noSlot'), e('2', '3', 'timeout'), e('3', '4')],
    },
  },
  {
    name: 'error-ask-question-branches',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'askQuestion', { question: '', answer: 'phone', retryMessage: 'Again?', timeout: { amount: 2, unit: 'days' } }),
        n('3', 'askQuestion', { question: 'Anything else?', answer: 'text', retryMessage: 'x', timeout: { amount: 2, unit: 'days' } }),
        n('4', 'instagramDM', { text: 'Too late' }),
        n('5', 'complete'),
      ],
      edges: [e('1', '3'), e('3', '5', 'answered'), e('3', '4', 'timeout'), e('4', '5'), e('1', '2')],
    },
  },
  {
    name: 'valid-follow-gate',
    platform: 'instagram',
    graph: {
      nodes: [
        commentTrigger(),
        n('2', 'followGate', {
          text: 'Follow us, then tap the button',
          buttonTitle: "I'm following",
          notYetText: 'Not yet: follow, then tap again',
          retries: 2,
          timeout: { amount: 1, unit: 'days' },
        }),
        n('3', 'instagramDM', { text: 'Here is the link: https://example.com/guide' }),
        n('4', 'instagramDM', { text: 'No worries, here it is anyway: https://example.com/guide' }),
        n('5', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3', 'following'), e('2', '4', 'notFollowing'), e('2', '5', 'timeout'), e('3', '5'), e('4', '5')],
    },
  },
  {
    name: 'error-follow-gate',
    platform: 'multi',
    graph: {
      nodes: [
        dmTrigger(),
        n('2', 'followGate', { text: 'Follow us', buttonTitle: "I'm following", notYetText: 'Not yet', retries: 9, timeout: { amount: 1, unit: 'days' } }),
        n('3', 'followGate', { text: 'Follow us', buttonTitle: "I'm following", notYetText: 'Not yet', timeout: { amount: 1, unit: 'days' } }),
        n('4', 'complete'),
      ],
      edges: [e('1', '2'), e('2', '3', 'following'), e('2', '4', 'notFollowing'), e('2', '4', 'timeout'), e('3', '4', 'following')],
    },
  },
];
