import type { PushPublicKeyResponse, PushSubscriptionStatus } from '@contracts/push';
import { apiGet, apiRequest } from '../../lib/api';

/** Whether this browser can take Web Push at all (a service worker, PushManager, Notification). */
export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register('/sw.js');
}

/** Whether this device is subscribed for the signed-in member in the acting workspace (ADR 0045). */
export async function devicePushState(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const sub = await (await registration()).pushManager.getSubscription();
  if (!sub) return false;
  return (await apiGet<PushSubscriptionStatus>(`/api/push/subscriptions?endpoint=${encodeURIComponent(sub.endpoint)}`)).subscribed;
}

/**
 * Asks for permission, subscribes with the server's VAPID key (a subscription made with another
 * key, e.g. after the key changed, is replaced) and registers the device for this workspace.
 */
export async function enableDevicePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.');
  const { publicKey } = await apiGet<PushPublicKeyResponse>('/api/push/public-key');
  const key = keyBytes(publicKey);
  const reg = await registration();
  await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await apiRequest<PushSubscriptionStatus>('POST', '/api/push/subscriptions', sub.toJSON());
}

/** This device no longer hears of this workspace; the browser subscription stays for the other workspaces. */
export async function disableDevicePush(): Promise<void> {
  const sub = await (await registration()).pushManager.getSubscription();
  if (sub) await apiRequest<PushSubscriptionStatus>('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint });
}
