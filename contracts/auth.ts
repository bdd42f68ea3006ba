import { z } from 'zod';
import { roles } from './permissions';

/** docs/product-spec.md §5: the server applies the same rules as the register form (and a sane upper bound). */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address')
  .transform((e) => e.toLowerCase());

/** 8+ characters (the common-password and email rules are checked server-side). */
export const PASSWORD_MIN_LENGTH = 8;
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password is too long');

const firstNameSchema = z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100);
const lastNameSchema = z.string().trim().max(100).optional().default('');

export const registerBodySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
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

/**
 * The user as the API returns it (docs/product-spec.md §3). Never carries the password hash.
 * GET /api/auth/user gives the acting workspace's plan in subscriptionTier / messagesUsed /
 * messageLimit: its owner's, which is what its sends count against (db/usage/record-usage.ts).
 */
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
  /** The workspace this session acts in (ADR 0034) and the user's role there (contracts/permissions.ts). */
  workspaceId: z.string(),
  role: z.enum(roles),
  isDemo: z.boolean(),
  /** False for accounts that only sign in with Google/Facebook: they may set a password without a current one. */
  hasPassword: z.boolean(),
  /** Demo workspaces are deleted at this time (ISO); null for real accounts. Only GET /api/auth/user sets it. */
  demoExpiresAt: z.string().nullable().optional(),
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

/** POST /api/auth/forgot-password — always answered with the same 200 (no account enumeration). */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that email, we sent a link to reset its password. It is valid for 1 hour.';

/** POST /api/auth/reset-password — the token from the emailed link. */
export const resetPasswordBodySchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This reset link is invalid or has expired'),
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please request a new one.';

/** GET /api/auth/mail-status — whether account mail can be sent (the forgot-password page says so). */
export interface MailStatus {
  configured: boolean;
  /** 'outbox': development without SMTP, mails are shown at /dev/outbox. */
  mode: 'smtp' | 'outbox' | 'disabled';
}

/** PATCH /api/account/profile */
export const updateProfileBodySchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** POST /api/account/password — currentPassword is required unless the account has no password yet (OAuth only). */
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().max(200).optional(),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** GET/PUT /api/account/notifications — per-user email notification toggles. */
export const notificationSettingsSchema = z.object({
  /** A message or reply could not be sent (after its retries). */
  failedSends: z.boolean(),
  /** A connected account needs reconnecting or its token expires soon. */
  accountHealth: z.boolean(),
  /** A weekly summary of conversations and automations. */
  weeklySummary: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** DELETE /api/account — the user types their email or DELETE to confirm. */
export const deleteAccountBodySchema = z.object({
  confirmation: z.string({ error: 'Type your email address or DELETE to confirm' }).trim().max(254),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** GET /api/dev/outbox (development only) */
export interface DevOutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}
