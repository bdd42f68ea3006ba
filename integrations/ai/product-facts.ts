import type { KnowledgeHit } from '../../contracts/knowledge';

/**
 * What the support widget's bot knows about Replypilot itself (POST /api/chat/gemini, /api/chat).
 * Small and committed on purpose: the bot answers from these facts only, like the assistant answers
 * from a workspace's knowledge base. Keep each fact true of this repository.
 */
const facts: { id: string; title: string; body: string }[] = [
  {
    id: 'what',
    title: 'What Replypilot is',
    body: 'Replypilot automates Instagram, Facebook Messenger and X (Twitter) comments and direct messages, like ManyChat, but open source and self-hostable. It replies to comments with DMs, runs DM flows and keeps a unified inbox.',
  },
  {
    id: 'self-host',
    title: 'Self-hosting',
    body: 'Replypilot runs with Node 20 or newer: npm install and npm start start the whole product with an embedded PostgreSQL database. docker compose runs PostgreSQL, two web processes and two workers behind nginx.',
  },
  {
    id: 'demo',
    title: 'Try Live Demo',
    body: 'Try Live Demo on the landing page gives you a demo workspace of your own with sample conversations, rules and a sandbox Instagram account and Messenger page, without signing up. Demo workspaces are deleted after a day.',
  },
  {
    id: 'comment-rules',
    title: 'Comment Growth Tool (comment to DM)',
    body: 'Comment rules reply to a comment containing a keyword with a private DM to its author, on all posts or one post. Meta allows one private reply per comment within 7 days; Replypilot sends at most one and paces sends under Instagram’s 750 private replies per hour.',
  },
  {
    id: 'flows',
    title: 'Flow builder',
    body: 'The visual flow builder makes DM sequences from triggers (keywords, comments), DMs, delays, conditions and webhook steps. Flows are validated when published and run durably: a crash or restart resumes them.',
  },
  {
    id: 'inbox',
    title: 'Unified inbox',
    body: 'The unified inbox shows Instagram, Messenger and X conversations in one list with search and platform and status filters; you can reply, close and reopen conversations, and ask the AI assistant to suggest a reply draft.',
  },
  {
    id: 'connect',
    title: 'Connecting accounts',
    body: 'Connect Facebook Pages and their Instagram business accounts with Facebook Login, Instagram accounts with Instagram Login, and X accounts with OAuth 2.0. Every workspace also has sandbox accounts to try automation without any platform.',
  },
  {
    id: 'ai',
    title: 'AI assistant and knowledge base',
    body: 'The AI assistant answers from your knowledge base: FAQ entries, offers, documents, testimonials and pages from the website scan. With a Gemini API key or an OpenAI-compatible server configured it writes answers; without one it quotes the best matching knowledge-base entries.',
  },
  {
    id: 'limits',
    title: 'Plans and limits',
    body: 'The free plan includes 100 messages a month. Usage is counted per month and you get a notification at 80 % and 100 % of your limit; automation is never stopped on overage.',
  },
  {
    id: 'security',
    title: 'Security and privacy',
    body: 'Platform tokens are encrypted at rest with AES-256-GCM, passwords are hashed with argon2id, webhooks are verified by signature, and all data stays in your own PostgreSQL database.',
  },
  {
    id: 'support',
    title: 'Support',
    body: 'Support answers by email (support@replypilot.app, or the form on the Contact page); no response time is guaranteed and there is no phone or live chat. Documentation covers getting started, Instagram setup, automation rules and troubleshooting.',
  },
];

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
const stop = new Set([
  'the',
  'and',
  'you',
  'your',
  'are',
  'can',
  'how',
  'what',
  'does',
  'for',
  'with',
  'this',
  'that',
  'from',
  'have',
  'there',
  'about',
  'replypilot',
]);

/** The facts that share the most words with a question, best first, as knowledge hits (all, for a model to choose from, when `all`). */
export function productFacts(question: string, opts: { all?: boolean; limit?: number } = {}): KnowledgeHit[] {
  const asked = [...words(question)].filter((w) => !stop.has(w));
  const scored = facts.map((f) => {
    const text = words(`${f.title} ${f.body}`);
    // A prefix match lets "ship" find "shipping" and "price" find "prices".
    const score = asked.filter((w) => [...text].some((t) => t.startsWith(w) || w.startsWith(t))).length;
    return { f, score };
  });
  const chosen = opts.all ? scored.sort((a, b) => b.score - a.score) : scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score);
  return chosen.slice(0, opts.limit ?? facts.length).map(({ f, score }) => ({
    id: `replypilot:${f.id}`,
    kind: 'document',
    title: f.title,
    body: f.body,
    priceCents: null,
    duration: null,
    url: null,
    author: null,
    source: 'typed',
    rank: score,
  }));
}
