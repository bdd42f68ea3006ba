import type { GoldenCase } from './golden-cases';
import { commentTrigger, dmTrigger, e, n } from './golden-graph';

/** Golden cases of the later node kinds (Sequence, Capture lead, DM reply options, Ask a question, Book a Time, Follow gate), apart to keep each file short. */
export const goldenCasesOfGrowthNodes: GoldenCase[] = [
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
