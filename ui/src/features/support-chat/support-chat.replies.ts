/** Support widget messages are client-side only (docs/product-spec.md §3). */
export interface SupportChatMessage {
  id: string;
  type: 'user' | 'bot';
  content: string;
  timestamp: Date;
  quickReplies?: string[];
}

export type SupportAccessLevel = 'guest' | 'free' | 'basic' | 'pro' | 'premium';

/** docs/product-spec.md §4: access level from the subscription tier, case-insensitive; no user → guest. */
export function accessLevelFor(tier: string | null | undefined, signedIn: boolean): SupportAccessLevel {
  if (!signedIn) return 'guest';
  const t = (tier ?? '').toLowerCase();
  if (t === 'enterprise' || t === 'chat_master') return 'premium';
  if (t === 'pro' || t === 'chat_pro') return 'pro';
  if (t === 'starter' || t === 'chat_lite') return 'basic';
  return 'free';
}

export const DEFAULT_QUICK_REPLIES = ['Pricing plans', 'Connect Instagram', 'How do flows work?', 'Talk to a human'];

export function greetingFor(level: SupportAccessLevel, firstName?: string | null): string {
  const hi = firstName ? `Hi ${firstName}! 👋` : 'Hi there! 👋';
  switch (level) {
    case 'guest':
      return `${hi} I'm the Replypilot helper. Ask me about features, pricing or getting started.`;
    case 'premium':
    case 'pro':
      return `${hi} Thanks for being on a ${level === 'pro' ? 'Pro' : 'premium'} plan. How can I help with your automations today?`;
    default:
      return `${hi} How can I help you with Replypilot today?`;
  }
}

interface CannedReply {
  keywords: string[];
  reply: string;
  quickReplies?: string[];
}

// Local replies (docs/product-spec.md §4: used whenever the AI helper is unavailable — it is not built yet).
const canned: CannedReply[] = [
  {
    keywords: ['price', 'pricing', 'plan', 'cost', 'pay', 'billing'],
    reply:
      'Automation plans start free (100 messages a month, 1 flow). Auto Starter is $15/month for 1,000 messages and 10 flows, Auto Growth $29 for 5,000 messages and unlimited flows. AI chat is an optional add-on. Full details are on the Pricing page.',
    quickReplies: ['Is there a free trial?', 'Talk to a human'],
  },
  {
    keywords: ['trial', 'free'],
    reply: 'Yes — every new account starts with a 7-day free trial. No card needed and you can cancel anytime.',
    quickReplies: ['Pricing plans', 'Connect Instagram'],
  },
  {
    keywords: ['instagram', 'facebook', 'messenger', 'connect', 'account'],
    reply:
      'You connect Instagram through a Facebook Page linked to an Instagram Business or Creator account. Go to Connect Accounts after signing in and follow the authorization steps.',
    quickReplies: ['How do flows work?', 'Talk to a human'],
  },
  {
    keywords: ['twitter', ' x ', 'tweet'],
    reply: 'X (Twitter) DMs are supported through the X API. Connect your X account from the Connect Accounts page.',
  },
  {
    keywords: ['flow', 'automation', 'auto-reply', 'autoreply', 'keyword', 'comment'],
    reply:
      'A flow starts with a trigger (a keyword in a comment or DM), then sends messages, waits, branches on conditions and can tag the contact as a lead. Build one visually in the Flow Builder or start from a template.',
    quickReplies: ['Pricing plans', 'Talk to a human'],
  },
  {
    keywords: ['human', 'support', 'agent', 'help', 'contact', 'email'],
    reply:
      'Our team answers within 1–2 hours during business hours (9:00 AM – 6:00 PM EST) and within 4–6 hours otherwise. Use the Contact page or email support@replypilot.app.',
  },
  {
    keywords: ['hello', 'hi', 'hey'],
    reply: 'Hello! What would you like to know about Replypilot?',
    quickReplies: DEFAULT_QUICK_REPLIES,
  },
];

export function cannedReplyFor(text: string): { reply: string; quickReplies: string[] } {
  const normalized = ` ${text.toLowerCase()} `;
  const match = canned.find((entry) =>
    entry.keywords.some((keyword) =>
      keyword.startsWith(' ')
        ? normalized.includes(keyword)
        : // Short words must match whole ("hi" is not "history"); longer ones as prefixes ("plan" → "plans").
          new RegExp(`\\b${keyword}${keyword.length <= 3 ? '\\b' : ''}`).test(normalized),
    ),
  );
  if (match) return { reply: match.reply, quickReplies: match.quickReplies ?? [] };
  return {
    reply:
      "I can help with pricing, connecting Instagram or Messenger, building automation flows, or reaching our team. What would you like to know?",
    quickReplies: DEFAULT_QUICK_REPLIES,
  };
}

/** 800 ms plus up to 400 ms, so replies feel typed (docs/product-spec.md §8). */
export function replyDelayMs(): number {
  return 800 + Math.floor(Math.random() * 400);
}
