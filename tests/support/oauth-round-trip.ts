import type { HttpClient } from './http-client';

/**
 * Runs a browser's OAuth redirect chain without a browser: our `/oauth/<provider>` → the contract
 * fake's consent page (it consents at once) → our callback, with the signed-in client's session.
 */
export async function oauthRoundTrip(client: HttpClient, startPath: string) {
  const start = await client.get(startPath);
  const authorize = new URL(start.headers.get('location')!);
  const consent = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  const done = await client.get(callback.pathname + callback.search);
  return { start, authorize, consent, callback, done };
}
