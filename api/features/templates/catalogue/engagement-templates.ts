import {
  commentTrigger,
  dm,
  dmTrigger,
  link,
  referralTrigger,
  step,
  storyMentionTrigger,
  storyReplyTrigger,
  liveCommentTrigger,
  type TemplateDefinition,
} from './build';

/** Templates that reward engagement and keep contacts warm. */
export const engagementTemplates: TemplateDefinition[] = [
  {
    id: 'giveaway_entry',
    name: 'Giveaway Entry',
    description: 'Comment to enter: confirm the entry by DM, tag the entrant and reply under the comment.',
    tags: ['giveaway', 'contest', 'comments', 'tagging'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'beginner',
    estimatedSetupTime: '5 min',
    smartkbIntegration: false,
    category: 'engagement',
    graph: {
      nodes: [
        commentTrigger(['enter', 'giveaway', 'win']),
        dm('2', 0, 1, '[[greeting]] You are entered in the [[business_name]] giveaway 🎁 Winners are announced on our page.', 'Confirm entry'),
        step('3', 'addTag', 0, 2, { tag: 'giveaway_entrant' }),
        step('4', 'publicReply', 0, 3, { text: 'You are in, {username}! Good luck 🍀' }, 'Reply to the comment'),
        step('5', 'complete', 0, 4, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4'), link('4', '5')],
    },
  },
  {
    // Instagram sends a story that mentions the account as a DM with a story_mention attachment
    // (docs/platform-apis.md §1.6): the story_mention trigger. The mention opens the messaging window.
    id: 'story_thank_you',
    name: 'Story Mention Thank-You',
    description: 'Thank everyone who mentions you in their Instagram story, and tag them as engaged followers.',
    tags: ['stories', 'mentions', 'thank you', 'instagram', 'tagging'],
    platforms: ['instagram'],
    difficulty: 'beginner',
    estimatedSetupTime: '2 min',
    smartkbIntegration: false,
    category: 'engagement',
    graph: {
      nodes: [
        storyMentionTrigger(),
        dm('2', 0, 1, '[[greeting]] Thanks for mentioning [[business_name]] in your story — it made our day! [[sign_off]]', 'Say thanks'),
        step('3', 'addTag', 0, 2, { tag: 'story_engaged' }),
        step('4', 'complete', 0, 3, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4')],
    },
  },
  {
    // Instagram marks a DM that answers one of the account's stories with `reply_to.story`
    // (docs/platform-apis.md §1.6): the story_reply trigger. The reply itself opens the messaging window.
    id: 'story_reply_welcome',
    name: 'Reply to Story Replies',
    description: 'Answer everyone who replies to your Instagram stories, offer your link, and tag them as story fans.',
    tags: ['stories', 'story replies', 'instagram', 'tagging'],
    platforms: ['instagram'],
    difficulty: 'beginner',
    estimatedSetupTime: '2 min',
    smartkbIntegration: false,
    category: 'engagement',
    graph: {
      nodes: [
        storyReplyTrigger(),
        dm('2', 0, 1, '[[greeting]] Thanks for replying to our story! Here is [[offer_name]]: [[offer_link]] [[sign_off]]', 'Say thanks'),
        step('3', 'addTag', 0, 2, { tag: 'story_fan' }),
        step('4', 'complete', 0, 3, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4')],
    },
  },
  {
    // Instagram Live comments (`live_comments`, docs/platform-apis.md §1.6): a private reply only while
    // the broadcast runs (§2.3), so the link goes out at once, once per comment.
    id: 'live_comment_link',
    name: 'Live Comment → DM Link',
    description: 'During an Instagram Live, everyone who comments LINK gets your link in their DMs straight away.',
    tags: ['instagram live', 'live comments', 'comment to dm', 'instagram'],
    platforms: ['instagram'],
    difficulty: 'beginner',
    estimatedSetupTime: '2 min',
    smartkbIntegration: false,
    category: 'engagement',
    graph: {
      nodes: [
        liveCommentTrigger(['link']),
        dm('2', 0, 1, '[[greeting]] Thanks for watching live! Here is [[offer_name]]: [[offer_link]] [[sign_off]]', 'Send the link'),
        step('3', 'addTag', 0, 2, { tag: 'live_viewer' }),
        step('4', 'complete', 0, 3, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4')],
    },
  },
  {
    // A growth link (ig.me / m.me with a ref, or its QR code) starts this flow and tags the entrant
    // (docs/platform-apis.md §1.9): the referral trigger. Opening the thread opens the messaging window.
    id: 'giveaway_ref_link',
    name: 'Giveaway entry by ref link',
    description: 'Share a link or QR code; everyone who opens it is entered in your giveaway, tagged, and told the rules.',
    tags: ['giveaway', 'ref link', 'qr code', 'growth', 'tagging'],
    platforms: ['instagram', 'facebook'],
    difficulty: 'beginner',
    estimatedSetupTime: '3 min',
    smartkbIntegration: false,
    category: 'engagement',
    graph: {
      nodes: [
        referralTrigger(),
        dm(
          '2',
          0,
          1,
          "[[greeting]] You're in! Thanks for entering the [[business_name]] giveaway. We'll announce the winner here. [[sign_off]]",
          'Confirm entry',
        ),
        step('3', 'addTag', 0, 2, { tag: 'giveaway_entrant' }),
        step('4', 'complete', 0, 3, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4')],
    },
  },
  {
    id: 'review_request',
    name: 'Review Request',
    description: 'When a customer says thanks, ask for a review and send the link only if they agree.',
    tags: ['reviews', 'social proof', 'quick replies', 'branching'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'intermediate',
    estimatedSetupTime: '5 min',
    smartkbIntegration: false,
    category: 'retention',
    graph: {
      nodes: [
        dmTrigger(['thank you', 'thanks', 'love it', 'received']),
        dm('2', 0, 1, '[[greeting]] So glad you are happy! Would you leave [[business_name]] a quick review?', 'Ask for a review', ['Sure', 'Maybe later']),
        step('3', 'waitForReply', 0, 2, { timeout: { amount: 1, unit: 'days' }, saveAs: null }),
        step(
          '4',
          'condition',
          0,
          3,
          {
            match: 'any',
            rules: [
              { subject: 'lastMessage', field: null, operator: 'contains', value: 'sure' },
              { subject: 'lastMessage', field: null, operator: 'contains', value: 'yes' },
            ],
          },
          'Said yes?',
        ),
        dm('5', -1, 4, 'Thank you! Here is the link: [[offer_link]] [[sign_off]]', 'Send review link'),
        step('6', 'addTag', -1, 5, { tag: 'review_requested' }),
        dm('7', 0, 4, 'No problem at all — thanks for being a customer!', 'No worries'),
        step('8', 'complete', 0, 6, {}),
      ],
      edges: [
        link('1', '2'),
        link('2', '3'),
        link('3', '4', 'reply'),
        link('3', '8', 'timeout'),
        link('4', '5', 'yes'),
        link('4', '7', 'no'),
        link('5', '6'),
        link('6', '8'),
        link('7', '8'),
      ],
    },
  },
  {
    id: 're_engagement',
    name: 'Re-engagement Nudge',
    description: 'Send info on request; if the contact goes quiet, follow up once with an incentive while the messaging window is still open.',
    tags: ['follow-up', 'win-back', 'wait for reply', 'timeout'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'advanced',
    estimatedSetupTime: '10 min',
    smartkbIntegration: true,
    category: 'retention',
    graph: {
      nodes: [
        dmTrigger(['info', 'details', 'interested']),
        dm('2', 0, 1, '[[greeting]] Here is everything about [[offer_name]]: [[offer_link]] Any questions?', 'Send info'),
        // 20 hours, not 24: the nudge must go out inside Meta's 24-hour window (docs/platform-apis.md §2.1).
        step('3', 'waitForReply', 0, 2, { timeout: { amount: 20, unit: 'hours' }, saveAs: null }, 'Wait up to 20 h'),
        step('4', 'addTag', -1, 3, { tag: 'replied' }),
        dm('5', 1, 3, 'Still thinking it over, {first_name}? Here is 10% off if you decide today: WELCOME10', 'Nudge'),
        step('6', 'addTag', 1, 4, { tag: 're_engaged' }),
        step('7', 'complete', 0, 5, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4', 'reply'), link('3', '5', 'timeout'), link('4', '7'), link('5', '6'), link('6', '7')],
    },
  },
];
