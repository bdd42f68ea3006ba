import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from './config';

const secretsFileSchema = z.object({
  sessionSecret: z.string().min(32),
  encryptionKey: z.string().regex(/^[0-9a-f]{64}$/i),
});

export interface Secrets {
  sessionSecret: string;
  encryptionKey: string;
}

/**
 * Secrets come from the environment when set; otherwise (development / embedded mode only) they
 * are generated once and kept in `<dataDir>/secrets.json` (mode 0600) so sessions survive restarts.
 */
export async function resolveSecrets(config: Config): Promise<Secrets> {
  if (config.sessionSecret && config.encryptionKey) {
    return { sessionSecret: config.sessionSecret, encryptionKey: config.encryptionKey };
  }
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Secrets | undefined;
  try {
    stored = secretsFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${file} is unreadable: ${String(err)}`);
  }
  if (!stored) {
    stored = { sessionSecret: randomBytes(32).toString('hex'), encryptionKey: randomBytes(32).toString('hex') };
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    sessionSecret: config.sessionSecret ?? stored.sessionSecret,
    encryptionKey: config.encryptionKey ?? stored.encryptionKey,
  };
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
