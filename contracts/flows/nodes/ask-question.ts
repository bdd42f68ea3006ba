import { z } from 'zod';
import { duration, durationMs, fieldName, maxDelayMs, messageText } from './shared';

/** What an Ask a question node asks for; each kind has its own check (workflows/validate-answer.ts). */
export const answerKinds = ['email', 'phone', 'number', 'date', 'url', 'text'] as const;
export type AnswerKind = (typeof answerKinds)[number];

/**
 * askQuestion: DMs the question on the run's own channel, waits for the answer like Wait for Reply
 * (durably: a reply-timeout timer), checks it, and on a wrong answer sends `retryMessage` and waits
 * again, at most `retries` times. Branches: "answered" (valid; saved to `saveAs`, and an email to the
 * contact's lead), "invalid" (no valid answer after the retries), "timeout" (no answer in time).
 * On Instagram and Messenger an email or phone question offers the profile's email / phone number
 * as a one-tap quick reply (docs/platform-apis.md §2.5) when `offerProfile` is on.
 */
export const askQuestionConfig = z.object({
  question: messageText.max(1000, 'Questions are limited to 1,000 characters'),
  answer: z.enum(answerKinds).default('email'),
  retryMessage: messageText.max(1000, 'Messages are limited to 1,000 characters'),
  retries: z.number().int('Whole numbers only').min(0, 'Must be 0 or more').max(5, 'At most 5 retries').default(2),
  timeout: duration.refine((d) => durationMs(d) > 0 && durationMs(d) <= maxDelayMs, 'Timeout must be between 1 second and 365 days'),
  saveAs: fieldName.nullable().default(null),
  offerProfile: z.boolean().default(true),
});

export const askQuestionHandles = ['answered', 'invalid', 'timeout'] as const;

export const askQuestionDefault = {
  question: "What's your email? I'll send it there 📩",
  answer: 'email',
  retryMessage: "Hmm, that doesn't look like an email address. Could you send it again?",
  retries: 2,
  timeout: { amount: 1, unit: 'days' },
  saveAs: 'email',
  offerProfile: true,
} satisfies z.infer<typeof askQuestionConfig>;
