import type { KbChatResponse } from '@contracts/ai';

/** Dashboard assistant message (docs/product-spec.md §3); an answer keeps the server's reply. */
export interface AssistantMessage {
  id: string;
  role: 'assistant' | 'user';
  content: string;
  timestamp: Date;
  answer?: KbChatResponse;
}

export const ASSISTANT_GREETING =
  "Hi! I'm your automation assistant. I can help you set up comment automation flows, build DM sequences, fix broken workflows and A/B test your campaigns. What would you like to work on?";

export const ASSISTANT_STARTERS = ['Set up auto-replies to comments', 'Create upsell DM sequence', 'Fix low conversion rates', 'A/B test my campaigns'];
