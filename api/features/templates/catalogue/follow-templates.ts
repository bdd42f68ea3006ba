import { commentTrigger, dm, link, step, type TemplateDefinition } from './build';

/** Templates built on the Follow gate node (contracts/flows/nodes/follow-gate.ts): Instagram only (docs/platform-apis.md §2.13). */
export const followTemplates: TemplateDefinition[] = [
  {
    id: 'follow_to_get_link',
    name: 'Follow to get the link',
    description:
      'Comment a keyword, get a DM asking to follow with an "I\'m following" button; Instagram says whether they do. Followers get the link; anyone still not following after two reminders gets it anyway, so nobody is stuck.',
    tags: ['follow gate', 'comment to DM', 'growth'],
    platforms: ['instagram'],
    difficulty: 'beginner',
    estimatedSetupTime: '3 min',
    smartkbIntegration: false,
    category: 'lead_generation',
    graph: {
      nodes: [
        commentTrigger(['link', 'send']),
        step(
          '2',
          'followGate',
          0,
          1,
          {
            text: '[[greeting]] [[offer_name]] is for our followers: follow this account, then tap the button below 👇',
            buttonTitle: "I'm following",
            notYetText: "I can't see your follow yet. Follow the account, then tap the button again 🙏",
            retries: 2,
            timeout: { amount: 23, unit: 'hours' },
          },
          'Ask for a follow',
        ),
        step('3', 'addTag', -1, 2, { tag: 'follower' }),
        dm('4', -1, 3, 'Thanks for the follow, {first_name}! Here it is: [[offer_link]] [[sign_off]]', 'Send the link'),
        dm('5', 0, 2, 'No worries! Here is the link anyway: [[offer_link]]', 'Link without a follow'),
        step('6', 'complete', 0, 4, {}),
      ],
      edges: [
        link('1', '2'),
        link('2', '3', 'following'),
        link('2', '5', 'notFollowing'),
        link('2', '6', 'timeout'),
        link('3', '4'),
        link('4', '6'),
        link('5', '6'),
      ],
    },
  },
];
