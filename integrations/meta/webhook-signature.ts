import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `X-Hub-Signature-256: sha256=<hex>` = HMAC-SHA256 of the RAW request bytes keyed with the app
 * secret (docs/platform-apis.md §1.2). Meta signs the escaped-unicode form it sends (`\u00e9`), so only
 * the received bytes hash right — never a re-serialised body. Several secrets: the Meta app's and
 * the Instagram app's (Instagram Login webhooks are signed with the latter).
 */
export function metaSignatureValid(rawBody: Buffer, header: string | undefined, secrets: string[]): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const got = Buffer.from(header.slice('sha256='.length), 'hex');
  if (got.length !== 32) return false;
  return secrets.some((secret) => timingSafeEqual(createHmac('sha256', secret).update(rawBody).digest(), got));
}

/** Constant-time string comparison (hub.verify_token, §1.1): no early exit on the first difference. */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHmac('sha256', 'compare').update(a).digest();
  const hb = createHmac('sha256', 'compare').update(b).digest();
  return timingSafeEqual(ha, hb) && a === b;
}
