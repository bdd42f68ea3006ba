import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from './config';

const vapidSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

const secretsFileSchema = z.object({
  sessionSecret: z.string().min(32),
  encryptionKey: z.string().regex(/^[0-9a-f]{64}$/i),
  /** Added on the first start of a version with Web Push (ADR 0045); older files get it then. */
  vapid: vapidSchema.optional(),
});

/** A VAPID key pair (RFC 8292), base64url: the public key is what browsers subscribe with. */
export type VapidKeys = z.infer<typeof vapidSchema>;

export interface Secrets {
  sessionSecret: string;
  encryptionKey: string;
  vapid: VapidKeys;
}

/**
 * Secrets come from the environment when set; otherwise (development / embedded mode only) they
 * are generated once and kept in `<dataDir>/secrets.json` (mode 0600) so sessions survive restarts.
 */
export async function resolveSecrets(config: Config): Promise<Secrets> {
  const envVapid = config.vapid.publicKey && config.vapid.privateKey ? { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey } : undefined;
  if (config.sessionSecret && config.encryptionKey) {
    // Configured by the environment (production): no file is written; without VAPID_* the pair is
    // derived from the session secret, stable across restarts and processes like the verify token.
    return { sessionSecret: config.sessionSecret, encryptionKey: config.encryptionKey, vapid: envVapid ?? derivedVapidKeys(config.sessionSecret) };
  }
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: z.infer<typeof secretsFileSchema> | undefined;
  try {
    stored = secretsFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${file} is unreadable: ${String(err)}`);
  }
  if (!stored?.vapid) {
    stored = { sessionSecret: randomBytes(32).toString('hex'), encryptionKey: randomBytes(32).toString('hex'), ...stored, vapid: generateVapidKeys() };
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    sessionSecret: config.sessionSecret ?? stored.sessionSecret,
    encryptionKey: config.encryptionKey ?? stored.encryptionKey,
    vapid: envVapid ?? stored.vapid!,
  };
}

/** A new P-256 pair in the encoding browsers and web-push take (uncompressed public point, raw private scalar). */
export function generateVapidKeys(): VapidKeys {
  return vapidPairOf(randomBytes(32));
}

/** The pair derived one-way from the session secret (a P-256 scalar is any 32 bytes below the group order: HMAC output is, but for ~2^-32). */
function derivedVapidKeys(sessionSecret: string): VapidKeys {
  return vapidPairOf(createHmac('sha256', sessionSecret).update('replypilot:vapid-private-key').digest());
}

function vapidPairOf(privateKey: Buffer): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/**
 * The token Meta must present in the webhook verification handshake (docs/platform-apis.md §1.1):
 * META_WEBHOOK_VERIFY_TOKEN when set, otherwise derived from the session secret (one-way, stable
 * across restarts and across web processes), so /webhook-setup can always show a working value.
 */
export function metaWebhookVerifyToken(config: Pick<Config, 'meta'>, secrets: Pick<Secrets, 'sessionSecret'>): string {
  return (
    config.meta.webhookVerifyToken ?? createHmac('sha256', secrets.sessionSecret).update('replypilot:meta-webhook-verify-token').digest('hex').slice(0, 32)
  );
}
