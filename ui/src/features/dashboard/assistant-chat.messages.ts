/** Dashboard assistant message (docs/product-spec.md §3). */
export interface AssistantMessage {
  id: string;
  role: 'assistant' | 'user';
  content: string;
  timestamp: Date;
}

export const ASSISTANT_GREETING =
  "Hi! I'm your automation assistant. I can help you set up comment automation flows, build DM sequences, fix broken workflows and A/B test your campaigns. What would you like to work on?";

export const ASSISTANT_STARTERS = [
  'Set up auto-replies to comments',
  'Create upsell DM sequence',
  'Fix low conversion rates',
  'A/B test my campaigns',
];

// The chat API (POST /api/chat/gemini) is not part of this release; say so rather than invent advice.
export const ASSISTANT_NOT_CONFIGURED =
  "The AI assistant isn't configured on this Replypilot server yet, so I can't answer that right now. In the meantime, the Quick Start tile above walks you through connecting your accounts and setting up auto-responders.";
