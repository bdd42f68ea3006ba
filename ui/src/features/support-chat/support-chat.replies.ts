import { formatAllowance, planList } from '@contracts/plans';
import type { AccessLevel } from '@contracts/ai';

/** Support widget messages are client-side only (docs/product-spec.md §3). */
export interface SupportChatMessage {
  id: string;
  type: 'user' | 'bot';
  content: string;
  timestamp: Date;
  quickReplies?: string[];
  /** A reply to a question (not the greeting or a tip): it can be rated. */
  rateable?: boolean;
}

export const DEFAULT_QUICK_REPLIES = ['Pricing plans', 'Connect Instagram', 'How do flows work?', 'Talk to a human'];

export function greetingFor(level: AccessLevel, firstName?: string | null): string {
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

// Local replies (docs/product-spec.md §4 and §8: used whenever POST /api/chat/gemini fails or is not configured).
const canned: CannedReply[] = [
  {
    keywords: ['price', 'pricing', 'plan', 'cost', 'pay', 'billing'],
    reply: `Plans: ${planList.map((p) => `${p.name} $${p.monthlyPriceUsd}/month (${formatAllowance(p.automatedMessages)} messages, ${formatAllowance(p.aiAnswers)} AI answers)`).join('; ')}. Going over never stops a flow. Full details are on the Pricing page.`,
    quickReplies: ['Is there a free trial?', 'Talk to a human'],
  },
  {
    keywords: ['trial', 'free'],
    reply:
      'Creating an account is free and needs no card, and the Free plan has no time limit; the Pricing page says whether this server offers a trial of a paid plan. You can try every automation on sandbox accounts in the Simulator before connecting a real one.',
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
    reply: 'Write to us from the Contact page or at support@replypilot.app and we will answer by email.',
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
    reply: 'I can help with pricing, connecting Instagram or Messenger, building automation flows, or reaching our team. What would you like to know?',
    quickReplies: DEFAULT_QUICK_REPLIES,
  };
}

/** 800 ms plus up to 400 ms, so replies feel typed (docs/product-spec.md §8). */
export function replyDelayMs(): number {
  return 800 + Math.floor(Math.random() * 400);
}

/** docs/product-spec.md §4: a question mentioning content, post or story (case-insensitive) gets a tip. */
export const PARTNER_TIP_DELAY_MS = 1000;

export function partnerTipFor(text: string): { reply: string; quickReplies: string[] } | null {
  if (!/content|post|story/i.test(text)) return null;
  // The spec's tip points to a partner content-ideas platform with a 'Visit <partner>' chip.
  // Replypilot has no such partner, so the tip says what Replypilot does instead and offers only
  // the way back (a deliberate difference: no invented partner or link).
  return {
    reply:
      'Tip: Replypilot does not write posts or stories for you. Where it helps is after they go live: it answers the comments and DMs they bring in, automatically.',
    quickReplies: ['Back to automation setup'],
  };
}
