import { z } from 'zod';
import { META_TITLE_MAX } from '../../reply-options';
import { duration, durationMs, maxDelayMs, messageText } from './shared';

/**
 * followGate (Instagram only): DMs `text` with an "I'm following" quick reply, waits for the person
 * to tap it (or write anything: both are a message, which is what gives the app the consent to read
 * their profile), then asks Instagram's User Profile API whether they follow the account
 * (`is_user_follow_business`, docs/platform-apis.md §2.13). Follows → "following". Not yet → sends
 * `notYetText` with the quick reply again and waits again, at most `retries` times, then
 * "notFollowing". No tap in `timeout` → "timeout". The gate never holds anyone for ever.
 */
export const followGateConfig = z.object({
  /** Sent with the quick reply, so Meta's button-template limit does not apply; Instagram's 1,000 bytes does (§2.2). */
  text: messageText.max(1000, 'Messages are limited to 1,000 characters'),
  buttonTitle: z.string().trim().min(1, 'Button title is required').max(META_TITLE_MAX, `Button titles are limited to ${META_TITLE_MAX} characters`),
  notYetText: messageText.max(1000, 'Messages are limited to 1,000 characters'),
  retries: z.number().int('Whole numbers only').min(0, 'Must be 0 or more').max(5, 'At most 5 re-checks').default(2),
  timeout: duration.refine((d) => durationMs(d) > 0 && durationMs(d) <= maxDelayMs, 'Timeout must be between 1 second and 365 days'),
});

export const followGateHandles = ['following', 'notFollowing', 'timeout'] as const;

/** The quick reply's payload: its title, like every text quick reply Replypilot sends (§2.5), so a tap reads as the typed words. */
export const followGateDefault = {
  text: 'Follow us first, then tap the button below and the link is yours 👇',
  buttonTitle: "I'm following",
  notYetText: "I can't see your follow yet. Follow the account, then tap the button again 🙏",
  retries: 2,
  timeout: { amount: 1, unit: 'days' },
} satisfies z.infer<typeof followGateConfig>;

/** A follow check's step output (the Runs view and the interpreter read it). */
export const followCheckOutput = z.object({
  follows: z.boolean(),
  /** Instagram's username of the person, when the profile gave one. */
  username: z.string().nullish(),
});
export type FollowCheckOutput = z.infer<typeof followCheckOutput>;
