import { dm, dmTrigger, link, step, type TemplateDefinition } from './build';

/** Templates built on the Book a Time node (contracts/flows/nodes/book-time.ts). */
export const bookingTemplates: TemplateDefinition[] = [
  {
    id: 'book_a_call',
    name: 'Book a call from a DM',
    description:
      'Someone DMs "book": they get your next open times (set on the Bookings page) as one-tap replies, pick one, and get a confirmation with a calendar file. Two people can never take the same time; "cancel" or "reschedule" is handled by reply.',
    tags: ['booking', 'appointments', 'calendar', 'book a time'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'beginner',
    estimatedSetupTime: '5 min',
    smartkbIntegration: false,
    category: 'sales',
    graph: {
      nodes: [
        dmTrigger(['book', 'appointment', 'call']),
        step(
          '2',
          'bookTime',
          0,
          1,
          {
            prompt: 'Happy to find a time, {first_name}! Which of these suits you? 👇',
            slots: 5,
            retryMessage: 'Please pick one of these times (or reply with its number):',
            takenMessage: 'Sorry, someone just took that time. Here are the next open ones:',
            retries: 2,
            timeout: { amount: 23, unit: 'hours' },
            confirmation: "You're booked for {booking_time} ({booking_zone}). Add it to your calendar: {booking_link}",
          },
          'Offer times',
        ),
        step('3', 'addTag', -1, 2, { tag: 'booked_call' }),
        dm('4', 0, 2, 'No open time right now, sorry! Reply here and we will find one with you.', 'No time open'),
        step('5', 'complete', 0, 3, {}),
      ],
      edges: [link('1', '2'), link('2', '3', 'booked'), link('2', '4', 'noSlot'), link('2', '5', 'timeout'), link('3', '5'), link('4', '5')],
    },
  },
];
