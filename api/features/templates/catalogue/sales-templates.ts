import { commentTrigger, dm, dmTrigger, link, step, type TemplateDefinition } from './build';

/** Templates that answer buying questions with a link. */
export const salesTemplates: TemplateDefinition[] = [
  {
    id: 'price_inquiry',
    name: 'Price Inquiry → DM with Link',
    description: 'Someone comments “price?” — reply publicly and send the price and the link privately.',
    tags: ['pricing', 'comments', 'link', 'public reply'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'beginner',
    estimatedSetupTime: '3 min',
    smartkbIntegration: true,
    category: 'sales',
    graph: {
      nodes: [
        commentTrigger(['price', 'cost', 'how much']),
        step('2', 'publicReply', 0, 1, { text: 'Sent you the details in DM, {username} ✨' }, 'Reply to the comment'),
        dm('3', 0, 2, '[[greeting]] [[offer_name]]: [[pricing]] You can get it here: [[offer_link]]', 'Send price + link'),
        step('4', 'addTag', 0, 3, { tag: 'price_asked' }),
        step('5', 'complete', 0, 4, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4'), link('4', '5')],
    },
  },
  {
    id: 'booking_link',
    name: 'Booking Link',
    description: 'Send your booking link to anyone who asks to book, and check in a few hours later.',
    tags: ['booking', 'appointments', 'link', 'follow-up'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'beginner',
    estimatedSetupTime: '3 min',
    smartkbIntegration: false,
    category: 'sales',
    graph: {
      nodes: [
        dmTrigger(['book', 'booking', 'appointment', 'call']),
        dm('2', 0, 1, '[[greeting]] You can pick a time with [[business_name]] here: [[offer_link]]', 'Send booking link'),
        step('3', 'addTag', 0, 2, { tag: 'booking_link_sent' }),
        step('4', 'delay', 0, 3, { amount: 3, unit: 'hours' }),
        dm('5', 0, 4, 'Did you find a time that works? Reply here if you need a hand.', 'Check in'),
        step('6', 'complete', 0, 5, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4'), link('4', '5'), link('5', '6')],
    },
  },
  {
    id: 'coupon_delivery',
    name: 'Coupon Delivery',
    description: 'Comment “code” to get a discount code by DM; the contact is tagged so you can see who redeemed it.',
    tags: ['coupon', 'discount', 'comments', 'tagging'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'beginner',
    estimatedSetupTime: '3 min',
    smartkbIntegration: false,
    category: 'sales',
    graph: {
      nodes: [
        commentTrigger(['code', 'coupon', 'discount']),
        dm('2', 0, 1, '[[greeting]] Here is your code: WELCOME10 — 10% off [[offer_name]] at [[offer_link]]', 'Send the code'),
        step('3', 'addTag', 0, 2, { tag: 'coupon_sent' }),
        step('4', 'complete', 0, 3, {}),
      ],
      edges: [link('1', '2'), link('2', '3'), link('3', '4')],
    },
  },
  {
    id: 'ab_welcome_offer',
    name: 'A/B Welcome Offer',
    description: 'Split people who ask for a deal between two offers, tag which one they got, and compare the results.',
    tags: ['a/b test', 'randomizer', 'offers', 'tagging'],
    platforms: ['instagram', 'facebook', 'twitter'],
    difficulty: 'expert',
    estimatedSetupTime: '15 min',
    smartkbIntegration: false,
    category: 'sales',
    graph: {
      nodes: [
        dmTrigger(['deal', 'offer', 'promo']),
        step(
          '2',
          'randomizer',
          0,
          1,
          {
            branches: [
              { key: 'A', weight: 50 },
              { key: 'B', weight: 50 },
            ],
          },
          'Split 50/50',
        ),
        dm('3', -1, 2, '[[greeting]] Offer A: 10% off [[offer_name]] with code TENOFF — [[offer_link]]', 'Offer A'),
        dm('4', 1, 2, '[[greeting]] Offer B: free shipping on [[offer_name]] this week — [[offer_link]]', 'Offer B'),
        step('5', 'addTag', -1, 3, { tag: 'offer_a' }),
        step('6', 'addTag', 1, 3, { tag: 'offer_b' }),
        step('7', 'complete', 0, 4, {}),
      ],
      edges: [link('1', '2'), link('2', '3', 'A'), link('2', '4', 'B'), link('3', '5'), link('4', '6'), link('5', '7'), link('6', '7')],
    },
  },
];
