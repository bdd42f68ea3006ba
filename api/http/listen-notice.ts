import type { Config } from '../../config/config';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/**
 * What the boot log says about who can reach a development server (docs/security.md). Outside
 * production the web role listens on 127.0.0.1 unless HOST says otherwise: a development instance has a
 * public demo, makes every user an admin while ADMIN_EMAILS is unset, and keeps mails in a dev outbox.
 * Production says nothing here: it is meant to be reachable, and its own boot warnings cover TLS.
 */
export function listenNotice(config: Pick<Config, 'host' | 'port' | 'isProduction'>): { level: 'info' | 'warn'; message: string } | null {
  if (config.isProduction) return null;
  if (LOOPBACK.test(config.host)) {
    return {
      level: 'info',
      message:
        `Listening on ${config.host} only: other devices cannot open it. To reach it from your network, start it with HOST=0.0.0.0 ` +
        '(then anyone who can reach the port can use this development server; docs/security.md).',
    };
  }
  return {
    level: 'warn',
    message:
      `Development server listening on ${config.host}: anyone who can reach port ${config.port} can use it (Try Live Demo; every user is ` +
      'an admin while ADMIN_EMAILS is unset). Run NODE_ENV=production behind TLS for a shared instance; docs/security.md.',
  };
}
