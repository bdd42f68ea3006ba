import { dmTrigger, dm, link, step, TEMPLATE_SEQUENCE_ID, type TemplateDefinition } from './build';

/** A step `hours` after enrolment. */
const at = (amount: number, text: string, id: string, quickReplies: string[]) => ({
  id,
  offset: { amount, unit: 'hours' as const },
  message: { text, quickReplies, contactQuickReplies: [], buttons: [] },
});

/**
 * Templates that enrol into a sequence the template creates (ADR 0048). The welcome sequence keeps
 * going on a reply and asks for a tap each day: a tap is a message, so it reopens Meta's 24-hour
 * window for the next day's step; without one, that step is skipped and the reason shown.
 */
export const sequenceTemplates: TemplateDefinition[] = [
  {
    id: 'welcome_sequence_3_day',
    name: '3-day welcome sequence',
    description:
      'DM “hi” or “start”: a welcome now, then one message a day for three days from the “3-day welcome” sequence. Each day asks for a tap, which keeps the 24-hour window open for the next.',
    tags: ['sequence', 'welcome', 'onboarding', 'nurture'],
    platforms: ['instagram', 'facebook'],
    difficulty: 'beginner',
    estimatedSetupTime: '3 min',
    smartkbIntegration: false,
    category: 'retention',
    graph: {
      nodes: [
        dmTrigger(['hi', 'hello', 'start']),
        dm('2', 0, 1, '[[greeting]] Welcome, {first_name}! Over the next three days I will send you one short message a day. [[sign_off]]', 'Welcome'),
        step('3', 'enrollSequence', 0, 2, { sequenceId: TEMPLATE_SEQUENCE_ID, action: 'enroll' }, 'Enrol: 3-day welcome'),
        step('4', 'complete', 0, 3, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4')],
    },
    sequence: {
      name: '3-day welcome',
      stopOnReply: false,
      steps: [
        at(20, 'Day 1: here is what we do best, in one minute. Tap below for tomorrow’s tip.', 'day-1', ['Send tomorrow’s tip']),
        at(44, 'Day 2: the question we hear most, answered. Tap below for the last one.', 'day-2', ['Send the last one']),
        at(68, 'Day 3: that is the welcome done. Reply any time with a question, a person reads every message.', 'day-3', []),
      ],
    },
  },
];
