import { z } from 'zod';
import { roles } from './permissions';
import { timeZoneSchema } from './time-zone';

/** docs/product-spec.md §5: the server applies the same rules as the register form (and a sane upper bound). */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address')
  .transform((e) => e.toLowerCase());

/** 8+ characters (the common-password list is checked server-side; the email rule below on both sides). */
export const PASSWORD_MIN_LENGTH = 8;

/** The credential rules in one sentence, shown under every new-password field before it is typed. */
export const PASSWORD_RULES_SUMMARY = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password, and not containing your email or the part before the @.`;

export const PASSWORD_EMAIL_RULE = 'Password must not contain your email address or the part before the @';

/**
 * Whether a password is, or contains, the account's email: the password policy's email rule
 * (api/auth/password-policy.ts), shared so forms check it before submitting. Case-insensitive;
 * containment only for a local part of 4+ characters ("al@…" must not forbid every "al").
 */
export function passwordContainsEmail(password: string, email: string): boolean {
  const pw = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  if (!local) return false;
  return pw === address || pw === local || (local.length >= 4 && pw.includes(local));
}
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
  /** The browser's zone: the new workspace's days are counted in it (docs/product-spec.md, Glossary: day). */
  timeZone: timeZoneSchema.optional(),
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
    /** The browser's zone, for a new demo workspace (as at registration). */
    timeZone: timeZoneSchema.optional(),
  })
  .optional()
  .default({});

/** POST /api/test/user (docs/product-spec.md §7; development only, ENABLE_TEST_LOGIN): a demo account to sign into with test-login. */
export const testUserBodySchema = z.object({
  email: emailSchema,
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
});
export type TestUserBody = z.infer<typeof testUserBodySchema>;
export interface TestUserResponse {
  id: string;
}

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
  /** The workspace this session acts in (ADR 0038) and the user's role there (contracts/permissions.ts). */
  workspaceId: z.string(),
  role: z.enum(roles),
  isDemo: z.boolean(),
  /** False for accounts that only sign in with Google/Facebook: they may set a password without a current one. */
  hasPassword: z.boolean(),
  /** When the acting workspace's trial ends (ISO; TRIAL_DAYS); null: not on a trial. Only GET /api/auth/user sets it. */
  trialEndsAt: z.string().nullable().optional(),
  /** Demo workspaces are deleted at this time (ISO); null for real accounts. Only GET /api/auth/user sets it. */
  demoExpiresAt: z.string().nullable().optional(),
  /** Named in ADMIN_EMAILS: the account menu links to the admin console (/admin). Only GET /api/auth/user sets it. */
  isOperator: z.boolean().optional(),
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
  /** The sign-in callback (…/api/auth/{provider}/callback). */
  callbackUrl: string;
  /**
   * Facebook only: the same Meta app also connects Pages and their Instagram accounts, whose
   * callback is …/oauth/facebook/callback; both must be Valid OAuth Redirect URIs.
   */
  connectCallbackUrl?: string;
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

/**
 * DELETE /api/account — the user types their email or DELETE to confirm, and gives the account's
 * password; an account without one (Google/Facebook sign-in only) needs a sign-in from the last
 * FRESH_SIGN_IN_MINUTES instead.
 */
export const deleteAccountBodySchema = z.object({
  confirmation: z.string({ error: 'Type your email address or DELETE to confirm' }).trim().max(254),
  password: z.string().max(200).optional(),
});
export const FRESH_SIGN_IN_MINUTES = 10;
export const SIGN_IN_AGAIN_TO_DELETE = `For your security, sign in again with Google or Facebook, then delete your account within ${FRESH_SIGN_IN_MINUTES} minutes`;
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** GET /api/dev/outbox (development only) */
export interface DevOutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}
