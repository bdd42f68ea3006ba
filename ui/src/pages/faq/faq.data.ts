export const faqTopics = [
  { id: 'all', label: 'All' },
  { id: 'getting-started', label: 'Getting started' },
  { id: 'features', label: 'Features' },
  { id: 'billing', label: 'Billing' },
  { id: 'technical', label: 'Technical' },
  { id: 'security', label: 'Security' },
] as const;

export const faqEntries = [
  { topic: 'getting-started', q: 'How long does setup take?', a: 'About five minutes: sign up, answer a few questions in onboarding and pick a template.' },
  { topic: 'getting-started', q: 'Is there a free trial?', a: 'There is no time-limited trial: creating an account is free and needs no card.' },
  {
    topic: 'features',
    q: 'Which platforms are supported?',
    a: 'Instagram, Facebook Messenger and X (Twitter). WhatsApp Business, TikTok, LinkedIn, YouTube, Discord and Telegram are coming soon.',
  },
  {
    topic: 'features',
    q: 'Can automations reply to comments privately?',
    a: 'Yes — one private reply per comment, as Meta allows, within 7 days of the comment.',
  },
  { topic: 'billing', q: 'What happens if I exceed my plan?', a: 'Nothing stops. You get an alert and overage is billed per 1,000 messages.' },
  { topic: 'billing', q: 'Can I cancel any time?', a: 'Yes, and you keep access until the end of your billing period.' },
  {
    topic: 'technical',
    q: 'Can I self-host Replypilot?',
    a: 'Yes. `npm start` runs everything with an embedded PostgreSQL; larger installs use an external database.',
  },
  { topic: 'technical', q: 'How fast do you answer support requests?', a: 'We answer by email; no response time is guaranteed.' },
  {
    topic: 'security',
    q: 'How are my platform tokens stored?',
    a: 'Encrypted at rest with AES-256-GCM and used only to send the messages your automations send.',
  },
  { topic: 'security', q: 'Do you sell data?', a: 'No, never.' },
];
