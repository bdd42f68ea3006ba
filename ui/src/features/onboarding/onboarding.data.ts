import type { OnboardingAnswers } from '@contracts/onboarding';
import type { IconName } from '../../components/icon';

export const ONBOARDING_STEPS = [
  'Welcome',
  'Choose Plan',
  'Connect Account',
  'Site Scan Preview',
  'Knowledge Builder',
  'Choose Flow Template',
  'Set Tone & Persona',
  'Review Summary',
  'Celebrate',
] as const;

export const onboardingPlatforms: Array<{ id: string; name: string; icon: IconName }> = [
  { id: 'instagram', name: 'Instagram', icon: 'instagram' },
  { id: 'facebook', name: 'Facebook Messenger', icon: 'facebook' },
];

export const knowledgeQuestions = [
  { id: 'business_hours', label: 'What are your business hours?', placeholder: 'Mon–Fri, 9am–6pm EST' },
  { id: 'pricing', label: 'How would you describe your pricing?', placeholder: 'Courses from $49, coaching from $199/month' },
  { id: 'shipping', label: 'Do you ship? Where and how fast?', placeholder: 'Worldwide, 3–5 business days' },
  { id: 'returns', label: 'What is your returns or refund policy?', placeholder: '30-day money-back guarantee' },
  { id: 'unique_value', label: 'What makes you different?', placeholder: 'Hand-made in small batches' },
] as const;

export const flowTemplates: Array<{ id: string; name: string; description: string; icon: IconName }> = [
  { id: 'lead_magnet', name: 'Lead Magnet', description: 'Comment a keyword, get a free guide by DM, get tagged as a lead.', icon: 'target' },
  { id: 'product_demo', name: 'Product Demo', description: 'Answer “price?” and “how does it work?” with a demo and a link.', icon: 'play' },
  { id: 'customer_support', name: 'Customer Support', description: 'Triage questions, answer FAQs, hand the rest to your team.', icon: 'help' },
  { id: 'event_promotion', name: 'Event Promotion', description: 'Collect sign-ups from comments and send reminders.', icon: 'megaphone' },
  { id: 'community_building', name: 'Community Building', description: 'Welcome new followers and invite them to your community.', icon: 'users' },
];

export const tones = [
  { id: 'friendly', name: 'Friendly', sample: 'Hey there! 😊 Thanks so much for reaching out — here’s the link you asked for!' },
  { id: 'professional', name: 'Professional', sample: 'Thank you for your message. Please find the requested information at the link below.' },
  { id: 'energetic', name: 'Energetic', sample: 'YES! 🎉 So glad you asked — grab it here before it’s gone! 🚀' },
] as const;

/** The wizard's answers are the API's (contracts/onboarding.ts), so what is saved is what is shown. */
export type OnboardingState = OnboardingAnswers;
