import { z } from 'zod';

/** docs/product-spec.md §5 newsletter: non-empty after trim, text@text.text. */
export const newsletterBodySchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .max(254, 'Please enter a valid email address')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address')
    .transform((e) => e.toLowerCase()),
});
export interface NewsletterResponse {
  success: true;
  message: string;
}
