import { z } from 'zod';

/** Spec §5: the server applies the same rules as the register form (and a sane upper bound). */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address')
  .transform((e) => e.toLowerCase());

export const registerBodySchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().max(100).optional().default(''),
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password is too long'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const testLoginBodySchema = z
  .object({
    testUser: z.string().max(100).optional(),
    username: z.string().max(100).optional(),
    email: emailSchema.optional(),
  })
  .optional()
  .default({});

export const subscriptionTiers = ['Free', 'Starter', 'Pro', 'Enterprise'] as const;

/** The user as the API returns it (spec §3). Never carries the password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  subscriptionTier: z.string(),
  messagesUsed: z.number().int(),
  messageLimit: z.number().int(),
  onboardingStep: z.number().int(),
  workspaceId: z.string(),
  isDemo: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** POST /api/auth/register */
export interface RegisterResponse {
  success: boolean;
  message: string;
  user?: PublicUser;
}
/** POST /api/auth/login */
export interface LoginResponse {
  message: 'Login successful';
  user: PublicUser;
}
/** POST /api/auth/test-login */
export interface TestLoginResponse {
  success: true;
  message: string;
  userId: string;
  user: PublicUser;
}
/** GET /api/auth/google/status and /api/auth/facebook/status */
export interface OAuthStatus {
  provider: 'google' | 'facebook';
  configured: boolean;
  clientId?: string | null;
  appId?: string | null;
  hasSecret: boolean;
  callbackUrl: string;
}
