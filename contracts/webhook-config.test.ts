import { describe, expect, it } from 'vitest';
import { isForbiddenWebhookHeader, webhookConfig } from './flows';

const config = (key: string) => ({ method: 'POST', url: 'https://crm.example.com/hook', headers: [{ key, value: 'x' }] });

describe('webhook node config: headers the node may not set', () => {
  it.each([
    'Host',
    'host',
    ' HOST ',
    'Connection',
    'Content-Length',
    'Transfer-Encoding',
    'Upgrade',
    'TE',
    'Trailer',
    'Keep-Alive',
    'Proxy-Authorization',
    'proxy-connection',
  ])('refuses %j, naming it', (key) => {
    const parsed = webhookConfig.safeParse(config(key));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['headers', 0, 'key'], message: `The "${key.trim()}" header can't be set on a webhook` });
  });

  it.each(['Authorization', 'X-Api-Key', 'Content-Type', 'Accept', 'X-Host', 'Hostname', 'X-Proxy-Id'])('accepts %j', (key) => {
    expect(webhookConfig.safeParse(config(key)).success).toBe(true);
  });

  it('isForbiddenWebhookHeader ignores case and surrounding space', () => {
    expect(isForbiddenWebhookHeader(' Keep-Alive ')).toBe(true);
    expect(isForbiddenWebhookHeader('x-keep-alive')).toBe(false);
  });
});
