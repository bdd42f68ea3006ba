import { dm, dmTrigger, link, step, type TemplateDefinition } from './build';

/** Templates built on the AI Reply step (ADR 0012): answers come from the workspace's knowledge base. */
export const aiTemplates: TemplateDefinition[] = [
  {
    id: 'faq_bot',
    name: 'FAQ Bot',
    description:
      'Answer common questions by DM from your knowledge base with the AI Reply step; when it is not sure, tag the contact for your team and say a person will reply.',
    tags: ['faq', 'ai', 'knowledge base', 'support', 'handoff'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'intermediate',
    estimatedSetupTime: '5 min',
    smartkbIntegration: true,
    category: 'support',
    graph: {
      nodes: [
        dmTrigger(['question', 'faq', 'ask', 'hours', 'open', 'price', 'pricing', 'shipping', 'delivery', 'returns']),
        step(
          '2',
          'aiReply',
          0,
          1,
          { confidenceThreshold: 0.6, handoffTag: 'needs-human', instructions: 'Answer as [[business_name]]: short, friendly, only from the knowledge base.' },
          'Answer from the knowledge base',
        ),
        step('3', 'addTag', -1, 2, { tag: 'faq_answered' }),
        step('4', 'complete', -1, 3, {}),
        dm('5', 1, 2, '[[greeting]] Good question! Someone from [[business_name]] will reply here soon. [[sign_off]]', 'Tell them a person will reply'),
        step('6', 'complete', 1, 3, {}),
      ],
      edges: [link('1', '2'), link('2', '3', 'answered'), link('3', '4'), link('2', '5', 'handoff'), link('5', '6')],
    },
  },
];
