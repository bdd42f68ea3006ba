import { commentTrigger, dm, dmTrigger, link, step, type TemplateDefinition } from './build';

/** Templates that collect details and send sequences. */
export const nurtureTemplates: TemplateDefinition[] = [
  {
    id: 'waitlist',
    name: 'Waitlist Sign-up',
    description: 'DM “waitlist” to join: ask for an email, check it looks like one, tag the contact.',
    tags: ['waitlist', 'launch', 'email', 'validation'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'intermediate',
    estimatedSetupTime: '5 min',
    smartkbIntegration: false,
    category: 'lead_generation',
    graph: {
      nodes: [
        dmTrigger(['waitlist', 'notify me', 'early access']),
        dm('2', 0, 1, '[[greeting]] Want early access to [[offer_name]]? Reply with your email and we will let you know first.', 'Ask for email'),
        step('3', 'waitForReply', 0, 2, { timeout: { amount: 1, unit: 'days' }, saveAs: 'email' }),
        step('4', 'condition', 0, 3, { match: 'all', rules: [{ subject: 'field', field: 'email', operator: 'contains', value: '@' }] }, 'Looks like an email?'),
        step('5', 'addTag', -1, 4, { tag: 'waitlist' }),
        dm('6', -1, 5, 'You are on the waitlist, {first_name}! [[sign_off]]', 'Confirm'),
        dm('7', 0, 4, 'Hmm, that does not look like an email. DM “waitlist” again any time.', 'Not an email'),
        step('8', 'complete', 0, 6, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4', 'reply'), link('3', '8', 'timeout'), link('4', '5', 'yes'), link('4', '7', 'no'), link('5', '6'), link('6', '8'), link('7', '8')],
    },
  },
  {
    id: 'webinar_reminders',
    name: 'Webinar Reminder Sequence',
    description: 'Register from a comment, then get reminders a day before, on the day and when it starts.',
    tags: ['webinar', 'sequence', 'delays', 'reminders'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'advanced',
    estimatedSetupTime: '15 min',
    smartkbIntegration: false,
    category: 'events',
    graph: {
      nodes: [
        commentTrigger(['webinar', 'register', 'seat']),
        dm('2', 0, 1, '[[greeting]] You are registered for the [[business_name]] webinar 🎥 Join link: [[offer_link]]', 'Confirm registration'),
        step('3', 'setField', 0, 2, { field: 'webinar_status', value: 'registered' }),
        step('4', 'addTag', 0, 3, { tag: 'webinar_registered' }),
        // Comment-started DMs may follow up for 7 days (docs/platform-apis.md §2.3): the sequence stays inside that.
        step('5', 'delay', 0, 4, { amount: 1, unit: 'days' }, 'Wait 1 day'),
        dm('6', 0, 5, 'Tomorrow is the day! Add it to your calendar: [[offer_link]]', 'Day-before reminder'),
        step('7', 'delay', 0, 6, { amount: 1, unit: 'days' }, 'Wait 1 day'),
        dm('8', 0, 7, 'Today is webinar day, {first_name} — see you there!', 'Day-of reminder'),
        step('9', 'delay', 0, 8, { amount: 2, unit: 'hours' }, 'Wait 2 hours'),
        dm('10', 0, 9, 'We are live now 🔴 Join here: [[offer_link]]', 'Starting now'),
        step('11', 'complete', 0, 10, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4'), link('4', '5'), link('5', '6'), link('6', '7'), link('7', '8'), link('8', '9'), link('9', '10'), link('10', '11')],
    },
  },
  {
    id: 'comment_email_capture',
    name: 'Comment → Email Capture',
    description: 'Comment a keyword, get asked for an email by DM; the reply is saved, the source recorded and the contact tagged.',
    tags: ['email capture', 'comments', 'contact fields', 'tagging'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'intermediate',
    estimatedSetupTime: '10 min',
    smartkbIntegration: false,
    category: 'lead_generation',
    graph: {
      nodes: [
        commentTrigger(['email', 'newsletter', 'subscribe']),
        dm('2', 0, 1, '[[greeting]] Reply with your email and we will send the [[business_name]] newsletter 💌', 'Ask for email'),
        step('3', 'waitForReply', 0, 2, { timeout: { amount: 3, unit: 'days' }, saveAs: 'email' }, 'Wait for the email'),
        step('4', 'condition', 0, 3, { match: 'all', rules: [{ subject: 'field', field: 'email', operator: 'contains', value: '@' }] }, 'Looks like an email?'),
        step('5', 'setField', -1, 4, { field: 'lead_source', value: 'comment' }, 'Record the source'),
        step('6', 'addTag', -1, 5, { tag: 'email_subscriber' }),
        dm('7', -1, 6, 'Thanks {first_name}, you are subscribed! [[sign_off]]', 'Confirm'),
        dm('8', 0, 4, 'That does not look like an email — reply again whenever you like.', 'Not an email'),
        step('9', 'complete', 0, 7, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4', 'reply'), link('3', '9', 'timeout'), link('4', '5', 'yes'), link('4', '8', 'no'), link('5', '6'), link('6', '7'), link('7', '9'), link('8', '9')],
    },
  },
];

// The FAQ bot (answers from the knowledge base with the AI reply step) joins this catalogue once the
// flow builder has an AI reply node kind; no template invents a step the runtime cannot run.
