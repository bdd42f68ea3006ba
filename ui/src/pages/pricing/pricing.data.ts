/** docs/product-spec.md §9 prices. Limits are shown, never enforced. */
export const automationPlans = [
  { name: 'Auto Free', price: 0, features: ['100 messages / month', '1 flow'] },
  { name: 'Auto Starter', price: 15, features: ['1,000 messages / month', '10 flows', '1 account'] },
  { name: 'Auto Growth', price: 29, features: ['5,000 messages / month', 'Unlimited flows'], popular: true },
  { name: 'Auto Scale', price: 59, features: ['15,000 messages / month', 'Unlimited flows'] },
  { name: 'Auto Pro+', price: 99, features: ['50,000 messages / month', 'Unlimited flows'] },
];

export const chatAddOns = [
  { name: 'Chat Lite', price: 29, features: ['300 AI chats / month', '100KB knowledge base'] },
  { name: 'Chat Pro', price: 59, features: ['1,000 AI chats / month', '500KB knowledge base'] },
  { name: 'Chat Master', price: 99, features: ['3,000 AI chats / month', '2MB knowledge base'] },
  { name: 'Chat XL', price: 149, features: ['6,000 AI chats / month', '5MB knowledge base'] },
];

export const bundles = [
  { name: 'Essentials', price: 49, description: 'Auto Starter + Chat Lite', saving: 'Save $5' },
  { name: 'Growth Bundle', price: 89, description: 'Auto Growth + Chat Pro', saving: 'Save $9' },
  { name: 'Performance', price: 149, description: 'Auto Scale + Chat Master', saving: 'Save $9' },
];

export const optionalAddOns = [
  { name: 'Extra Messages', price: '$3 per 1,000' },
  { name: 'Extra AI Chats', price: '$10 per 1,000' },
  { name: 'Knowledge Base Boost', price: '$10 per 1MB / month' },
  { name: 'Priority Setup', price: '$99 one-time' },
  { name: 'DM-to-Booking', price: '$47 / month' },
  { name: 'Extra platform', price: '$10 / month' },
];

export const pricingFaqs = [
  {
    q: 'What happens if I go over my message limit?',
    a: 'Flows are never stopped. You get an alert, and overage is billed at $3 per 1,000 messages ($10 per 1,000 AI chats).',
  },
  {
    q: 'Is there a free trial?',
    a: 'There is no time-limited trial: creating an account is free and needs no card. Online payment is not available in this version.',
  },
  { q: 'Can I pay annually?', a: 'Yes. Billing is monthly or annual, and you can cancel any time with access until the end of the period.' },
  { q: 'Do I need the AI chat add-on?', a: 'No. Keyword automations work on every plan; AI chat is optional.' },
];
