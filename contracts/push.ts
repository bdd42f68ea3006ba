import { z } from 'zod';

/**
 * Web Push (ADR 0045): a member's device subscribes in a workspace (Settings → "Notifications on
 * this device") and is told about a conversation assigned to them, a note that mentions them, and a
 * new message in a conversation assigned to them. The service worker (`ui/public/sw.js`) shows the
 * payload and opens its `url` when the notification is pressed.
 */

/** GET /api/push/public-key: the VAPID public key browsers subscribe with (base64url). */
export interface PushPublicKeyResponse {
  publicKey: string;
}

/** The browser's PushSubscription.toJSON(), as POST /api/push/subscriptions takes it. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'endpoint must be the https URL of the push service the browser gave' }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // RFC 8291: the client's P-256 public key (65 bytes) and its 16-byte auth secret, base64url.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'keys.p256dh must be a base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'keys.auth must be a base64url 16-byte secret'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /api/push/subscriptions: this device's endpoint. */
export const deletePushSubscriptionBodySchema = z.object({ endpoint: z.string().min(1).max(2000) });

/** GET /api/push/subscriptions?endpoint=…: whether this device is subscribed in the acting workspace. */
export interface PushSubscriptionStatus {
  subscribed: boolean;
}

/** What a push carries (encrypted, RFC 8291) and the service worker shows. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Same-origin path the notification opens: the thread. */
  url: z.string().startsWith('/'),
  /** Notifications with one tag replace each other on the device (one per conversation). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The thread a notification opens; `workspace` lets the page switch to it when the session acts elsewhere. */
export const threadUrl = (workspaceId: string, conversationId: string) => `/inbox?c=${conversationId}&workspace=${workspaceId}`;
