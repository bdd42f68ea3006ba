import { commentTrigger, dm, link, step, type TemplateDefinition } from './build';

/** Templates built on the Ask a Question node (contracts/flows/nodes/ask-question.ts). */
export const questionTemplates: TemplateDefinition[] = [
  {
    id: 'lead_magnet_email',
    name: 'Lead magnet with email capture',
    description:
      'Comment a keyword, get asked for an email (one tap on Instagram and Messenger, from the profile), then the freebie. Wrong answers get asked again; the email lands on the lead.',
    tags: ['lead magnet', 'email', 'ask a question', 'comment to DM'],
    platforms: ['instagram', 'facebook'],
    difficulty: 'beginner',
    estimatedSetupTime: '3 min',
    smartkbIntegration: false,
    category: 'lead_generation',
    graph: {
      nodes: [
        commentTrigger(['guide', 'freebie', 'send']),
        step(
          '2',
          'askQuestion',
          0,
          1,
          {
            question: '[[greeting]] Where should I send [[offer_name]]? Reply with your email (or tap it below) 📩',
            answer: 'email',
            retryMessage: "Hmm, that doesn't look like an email address. Could you send it again?",
            retries: 2,
            timeout: { amount: 23, unit: 'hours' },
            saveAs: 'email',
            offerProfile: true,
          },
          'Ask for email',
        ),
        step('3', 'addTag', -1, 2, { tag: 'lead_magnet' }),
        dm('4', -1, 3, "Here it is, {first_name}: [[offer_link]] — it's on its way to your inbox too. [[sign_off]]", 'Send the freebie'),
        dm('5', 0, 2, 'No worries! Here is the link anyway: [[offer_link]]', 'Link without email'),
        step('6', 'complete', 0, 4, {}),
      ],
      edges: [link('1', '2'), link('2', '3', 'answered'), link('2', '5', 'invalid'), link('2', '6', 'timeout'), link('3', '4'), link('4', '6'), link('5', '6')],
    },
  },
];
