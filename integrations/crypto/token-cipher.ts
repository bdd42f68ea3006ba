import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Platform tokens at rest (ARCHITECTURE.md#security): AES-256-GCM with the 32-byte APP_ENCRYPTION_KEY.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url), so a future key or algorithm can be told apart.
 */
export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

export function createTokenCipher(hexKey: string): TokenCipher {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('Token encryption key must be 32 bytes (64 hex characters)');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, ct] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('Unrecognised encrypted token format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
